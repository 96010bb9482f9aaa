package mj

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// splitmix64: a fixed sequence per seed.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
func (r *rng) below(n uint32) int { return int(((r.next() >> 32) * uint64(n)) >> 32) }

type hand struct {
	counts    Counts
	wildcards uint32
}

func (h *hand) real() int {
	n := 0
	for _, c := range h.counts {
		n += int(c)
	}
	return n
}

func (h *hand) removeRandom(r *rng) {
	k := r.below(uint32(h.real()))
	for i, c := range h.counts {
		if k < int(c) {
			h.counts[i]--
			return
		}
		k -= int(c)
	}
}

// randomHand: a built win (sometimes with a tile swapped) or a wall draw, 13 or 14 tiles, with
// 0-8 wildcards in place of real tiles.
func randomHand(r *rng) hand {
	var h hand
	add := func(k int) bool {
		if h.counts[k] >= 4 {
			return false
		}
		h.counts[k]++
		return true
	}
	if r.below(4) == 0 {
		for h.real() < 14 {
			add(r.below(34))
		}
	} else {
		for m := 0; m < 4; m++ {
			for try := 0; try < 20; try++ {
				k := r.below(34)
				step := 0
				if k < 27 && k%9 <= 6 && r.below(3) < 2 {
					step = 1
				}
				probe := h.counts
				fits := true
				for j := 0; j < 3; j++ {
					probe[k+j*step]++
					fits = fits && probe[k+j*step] <= 4
				}
				if fits {
					h.counts = probe
					break
				}
			}
		}
		for try := 0; try < 20; try++ {
			k := r.below(34)
			if h.counts[k] <= 2 {
				add(k)
				add(k)
				break
			}
		}
		for h.real() < 14 {
			add(r.below(34))
		}
		if r.below(3) == 0 {
			h.removeRandom(r)
			for h.real() < 14 {
				add(r.below(34))
			}
		}
	}
	w := []uint32{0, 0, 0, 1, 2, 3, 4, 8}[r.below(8)]
	for i := uint32(0); i < w; i++ {
		h.removeRandom(r)
		h.wildcards++
	}
	if r.below(2) == 0 {
		if h.real() > 0 {
			h.removeRandom(r)
		} else {
			h.wildcards--
		}
	}
	return h
}

// protocolHand: the mpsz text with the wildcards as tiles of wild kinds the counts lack.
func protocolHand(h hand, honors bool) (string, []int) {
	all := h.counts
	var wild []int
	left := h.wildcards
	top := 33
	if !honors {
		top = 26
	}
	for k := top; k >= 0 && left > 0; k-- {
		if h.counts[k] == 0 {
			n := left
			if n > 4 {
				n = 4
			}
			all[k] = uint8(n)
			left -= n
			wild = append(wild, k)
		}
	}
	var b strings.Builder
	for s := 0; s < 4; s++ {
		any := false
		ranks := 9
		if s == 3 {
			ranks = 7
		}
		for rank := 0; rank < ranks; rank++ {
			for c := 0; c < int(all[s*9+rank]); c++ {
				b.WriteByte(byte('1' + rank))
				any = true
			}
		}
		if any {
			b.WriteByte("mpsz"[s])
		}
	}
	return b.String(), wild
}

// batch is a running `mj batch`, asked one line at a time through its pipes.
type batch struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	in    *bufio.Writer
	out   *bufio.Reader
}

func startBatch(t *testing.T) *batch {
	bin := os.Getenv("MJ_BIN")
	if bin == "" {
		t.Fatal("MJ_BIN is not set: point it at the `mj` program (cargo build -p mj-cli) to compare with `mj batch`")
	}
	cmd := exec.Command(bin, "batch")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return &batch{cmd, stdin, bufio.NewWriter(stdin), bufio.NewReader(stdout)}
}

// close ends the program's input and waits for it to exit, as `mj batch` does at end of input.
func (b *batch) close(t *testing.T) {
	b.stdin.Close()
	if err := b.cmd.Wait(); err != nil {
		t.Fatalf("mj batch: %v", err)
	}
}

func (b *batch) ask(t *testing.T, line string) string {
	b.in.WriteString(line + "\n")
	if err := b.in.Flush(); err != nil {
		t.Fatal(err)
	}
	answer, err := b.out.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(answer, "\n")
}

type answer struct {
	Hu      *bool    `json:"hu"`
	Waits   []string `json:"waits"`
	Shanten *int     `json:"shanten"`
	Error   *struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	} `json:"error"`
}

// sameError: the typed call failed as the program's answer did (kind and message), or neither.
func sameError(err error, a answer) bool {
	if err == nil || a.Error == nil {
		return err == nil && a.Error == nil
	}
	e, ok := err.(*Error)
	if !ok || e.Kind != a.Error.Kind {
		return false
	}
	// The protocol names the `options` a switch came from; the C ABI has none.
	return e.Kind == "unsupported_rules" || e.Message == a.Error.Message
}

func TestParityWithBatch(t *testing.T) {
	presets := []string{"generic", "riichi", "sichuan", "mcr"}
	rules := map[string]*Rules{}
	for _, p := range presets {
		r, err := NewRules(p, "")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		rules[p] = r
	}
	b := startBatch(t)
	defer b.close(t)
	r := &rng{s: 7}
	checks := 0
	for i := 0; i < 3000; i++ {
		h := randomHand(r)
		preset := presets[r.below(4)]
		text, wild := protocolHand(h, preset != "sichuan")
		var names []string
		for _, k := range wild {
			names = append(names, fmt.Sprintf("%q", KindName(k)))
		}
		for _, op := range []string{"hu", "waits", "shanten"} {
			line := fmt.Sprintf(`{"op":%q,"hand":%q,"wild":[%s],"rules":%q,"id":%d}`, op, text, strings.Join(names, ","), preset, i)
			theirs := b.ask(t, line)
			ours, err := Request(line)
			if err != nil || ours != theirs {
				t.Fatalf("Request(%s) = %s, %v; mj batch: %s", line, ours, err, theirs)
			}
			var a answer
			if err := json.Unmarshal([]byte(theirs), &a); err != nil {
				t.Fatal(err)
			}
			switch op {
			case "hu":
				won, err := rules[preset].IsWinning(&h.counts, h.wildcards)
				if !sameError(err, a) || (err == nil && won != *a.Hu) {
					t.Fatalf("IsWinning %s: %v %v; mj batch: %s", line, won, err, theirs)
				}
			case "waits":
				mask, err := rules[preset].Waits(&h.counts, h.wildcards)
				if !sameError(err, a) {
					t.Fatalf("Waits %s: %v; mj batch: %s", line, err, theirs)
				}
				if err == nil {
					ready, _ := rules[preset].IsReady(&h.counts, h.wildcards)
					isWild := map[string]bool{}
					for _, k := range wild {
						isWild[KindName(k)] = true
					}
					var program []string
					for _, tile := range a.Waits {
						if !isWild[tile] {
							program = append(program, tile)
						} else if !ready {
							t.Fatalf("%s: the wild kind %s is listed, yet not ready", line, tile)
						}
					}
					var typed []string
					for k := 0; k < 34; k++ {
						if mask>>k&1 == 1 && !isWild[KindName(k)] {
							typed = append(typed, KindName(k))
						}
					}
					if strings.Join(typed, ",") != strings.Join(program, ",") {
						t.Fatalf("Waits %s: %v; mj batch: %s", line, typed, theirs)
					}
				}
			case "shanten":
				s, err := rules[preset].Shanten(&h.counts, h.wildcards)
				if !sameError(err, a) || (err == nil && int(s) != *a.Shanten) {
					t.Fatalf("Shanten %s: %d %v; mj batch: %s", line, s, err, theirs)
				}
			}
			checks++
		}
	}
	t.Logf("%d requests compared with mj batch", checks)
}

func TestGoroutinesShareRules(t *testing.T) {
	rules, err := NewRules("riichi", "")
	if err != nil {
		t.Fatal(err)
	}
	defer rules.Close()
	r := &rng{s: 9}
	hands := make([]hand, 2000)
	want := make([]int8, len(hands))
	for i := range hands {
		hands[i] = randomHand(r)
		want[i], _ = rules.Shanten(&hands[i].counts, hands[i].wildcards)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range hands {
				got, _ := rules.Shanten(&hands[i].counts, hands[i].wildcards)
				if got != want[i] {
					t.Errorf("hand %d: %d, want %d", i, got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestErrors(t *testing.T) {
	if _, err := NewRules("tenhou", ""); err == nil || err.(*Error).Kind != "unknown_rules" {
		t.Fatalf("NewRules(tenhou): %v", err)
	}
	rules, _ := NewRules("generic", "")
	defer rules.Close()
	var c Counts
	c[0] = 5
	_, err := rules.IsWinning(&c, 0)
	if e, ok := err.(*Error); !ok || e.Kind != "fifth_copy" || e.Message != "fifth copy of 1m (concealed tiles and melds together)" {
		t.Fatalf("fifth copy: %v", err)
	}
}
