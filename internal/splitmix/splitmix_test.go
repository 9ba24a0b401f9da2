package splitmix

import "testing"

// TestMix: the first outputs of SplitMix64 seeded with 0 (the reference
// sequence of its authors' C code), which saved split files and the
// disassembler's node hashes depend on.
func TestMix(t *testing.T) {
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	x := uint64(0)
	for i, w := range want {
		if got := Mix(x); got != w {
			t.Errorf("output %d: %#x, want %#x", i, got, w)
		}
		x += 0x9e3779b97f4a7c15
	}
}
