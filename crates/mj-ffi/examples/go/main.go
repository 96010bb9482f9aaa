// A Go program that reaches the mj engine through its C ABI: the protocol in-process and the
// typed calls. See mj/mj.go for the build flags.
package main

import (
	"fmt"
	"log"

	"example.invalid/mjffi/mj"
)

func main() {
	answer, err := mj.Request(`{"op":"waits","hand":"2344m456p789s111z","id":1}`)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer) // {"id":1,"waits":["1m","4m"]}

	rules, err := mj.NewRules("generic", "")
	if err != nil {
		log.Fatal(err)
	}
	defer rules.Close()
	// 11m 456p 789s 111z 22z and one wildcard (a 中 standing for 1m): a win.
	var hand mj.Counts
	hand[0] = 2
	hand[12], hand[13], hand[14] = 1, 1, 1
	hand[24], hand[25], hand[26] = 1, 1, 1
	hand[27], hand[28] = 3, 2
	won, err := rules.IsWinning(&hand, 1)
	if err != nil {
		log.Fatal(err)
	}
	shanten, _ := rules.Shanten(&hand, 1)
	fmt.Println("win:", won, "shanten:", shanten) // win: true shanten: -1
	hand[0] = 5
	if _, err := rules.IsWinning(&hand, 1); err != nil {
		fmt.Println("error:", err) // error: fifth_copy: fifth copy of 1m ...
	}
}
