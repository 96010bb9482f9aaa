// Package mj calls the mj engine through its C ABI (crates/mj-ffi, include/mj.h) with cgo.
//
// Build with the library's folder on the linker's path, for example from the repository root:
//
//	cargo build --release -p mj-ffi
//	export CGO_LDFLAGS="-L$PWD/target/release -Wl,-rpath,$PWD/target/release"
//	cd crates/mj-ffi/examples/go && go run . && go test ./...
package mj

/*
#cgo CFLAGS: -I${SRCDIR}/../../../include
#cgo LDFLAGS: -lmj_ffi
#include <stdlib.h>
#include "mj.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"
)

// Error is a failed call: the status's name (a protocol error kind such as "hand_size") and
// the engine's message.
type Error struct {
	Kind    string
	Message string
}

func (e *Error) Error() string { return e.Kind + ": " + e.Message }

// The engine keeps the last error's message per OS thread, and Go may move a goroutine to
// another thread between two cgo calls. Every wrapper therefore pins its goroutine to its
// thread from the call until the message is read.
func pin() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}

func failure(status C.MjStatus) error {
	return &Error{Kind: C.GoString(C.mj_status_name(C.int32_t(status))), Message: C.GoString(C.mj_last_error())}
}

// Request answers one line of the `mj batch` protocol in-process, exactly as the program does.
func Request(line string) (string, error) {
	defer pin()()
	c := C.CString(line)
	defer C.free(unsafe.Pointer(c))
	answer := C.mj_request(c)
	if answer == nil {
		return "", errors.New(C.GoString(C.mj_last_error()))
	}
	defer C.mj_free(answer)
	return C.GoString(answer), nil
}

// Rules is a rule set for the hand calls; safe to share between goroutines. Close frees it.
type Rules struct{ handle *C.MjRules }

// NewRules makes the rules of a preset ("generic", "riichi", "sichuan", "mcr") with shape
// switches ("eyes_258=true,seven_pairs=false", or "").
func NewRules(preset, switches string) (*Rules, error) {
	defer pin()()
	p := C.CString(preset)
	defer C.free(unsafe.Pointer(p))
	s := C.CString(switches)
	defer C.free(unsafe.Pointer(s))
	var handle *C.MjRules
	if status := C.mj_rules_new(p, s, &handle); status != C.MJ_STATUS_OK {
		return nil, failure(status)
	}
	return &Rules{handle}, nil
}

// Close frees the rules; they must not be used after.
func (r *Rules) Close() {
	C.mj_rules_free(r.handle)
	r.handle = nil
}

// Counts are a hand's real tiles per kind: 0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s, 27-33 = 1-7z.
type Counts [34]uint8

// IsWinning: is the hand (3k+2 tiles with the wildcards) a win?
func (r *Rules) IsWinning(counts *Counts, wildcards uint32) (bool, error) {
	defer pin()()
	var out C.bool
	if status := C.mj_is_winning(r.handle, (*C.uint8_t)(&counts[0]), C.uint32_t(wildcards), &out); status != C.MJ_STATUS_OK {
		return false, failure(status)
	}
	return bool(out), nil
}

// IsReady: is the hand (3k+1 tiles) one tile from a win?
func (r *Rules) IsReady(counts *Counts, wildcards uint32) (bool, error) {
	defer pin()()
	var out C.bool
	if status := C.mj_is_ready(r.handle, (*C.uint8_t)(&counts[0]), C.uint32_t(wildcards), &out); status != C.MJ_STATUS_OK {
		return false, failure(status)
	}
	return bool(out), nil
}

// Waits: the real kinds whose draw wins (3k+1 tiles), bit i for kind i.
func (r *Rules) Waits(counts *Counts, wildcards uint32) (uint64, error) {
	defer pin()()
	var out C.uint64_t
	if status := C.mj_waits(r.handle, (*C.uint8_t)(&counts[0]), C.uint32_t(wildcards), &out); status != C.MJ_STATUS_OK {
		return 0, failure(status)
	}
	return uint64(out), nil
}

// Shanten: -1 complete, 0 ready, n tile exchanges from ready.
func (r *Rules) Shanten(counts *Counts, wildcards uint32) (int8, error) {
	defer pin()()
	var out C.int8_t
	if status := C.mj_shanten(r.handle, (*C.uint8_t)(&counts[0]), C.uint32_t(wildcards), &out); status != C.MJ_STATUS_OK {
		return 0, failure(status)
	}
	return int8(out), nil
}

// KindName is the mpsz name of a kind index ("1m" ... "7z").
func KindName(kind int) string {
	return fmt.Sprintf("%d%c", kind%9+1, "mpsz"[kind/9])
}
