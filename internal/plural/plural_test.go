package plural

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Count(0, "assembly", "assemblies"), "0 assemblies"},
		{Count(1, "assembly", "assemblies"), "1 assembly"},
		{Count(uint64(19186), "assembly", "assemblies"), "19186 assemblies"},
		{Count(int64(-1), "hole", "holes"), "-1 holes"},
		{Word(1, "comes", "come"), "comes"},
		{Word(uint32(3), "comes", "come"), "come"},
		{And(nil), ""},
		{And([]string{"a"}), "a"},
		{And([]string{"a", "b"}), "a and b"},
		{And([]string{"a", "b", "c"}), "a, b and c"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
