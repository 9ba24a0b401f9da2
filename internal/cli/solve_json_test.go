package cli

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// TestSolveResultJSON: appendJSON writes what an encoding/json Encoder
// writes, for zero and filled results, strings that need escaping, and
// seconds in both of encoding/json's number forms; and every field is
// covered (each is set in turn, so a new field appendJSON leaves out
// fails here).
func TestSolveResultJSON(t *testing.T) {
	n := uint64(7)
	cases := []solveResult{
		{},
		{Problem: 3, Name: "Markus", Assemblies: 1, Complete: true, Seconds: 0.006601466, Nodes: 624},
		{Name: "a\"b\\c\n\t<&>\u2028é\x01", Solutions: &n, Seconds: 1e-9, Part: "2/8", Every: 4, Error: "line 3: bad <xml>"},
		{Problem: -1, Assemblies: math.MaxUint64, Seconds: 1e22, Nodes: math.MaxUint64, First: 9},
		{Name: "\xff\xfe", Seconds: 123456.789},
	}
	// One more for each field: only that field set.
	typ := reflect.TypeOf(solveResult{})
	for i := 0; i < typ.NumField(); i++ {
		var r solveResult
		f := reflect.ValueOf(&r).Elem().Field(i)
		switch f.Kind() {
		case reflect.Int, reflect.Int64:
			f.SetInt(5)
		case reflect.Uint64:
			f.SetUint(5)
		case reflect.String:
			f.SetString("x")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Float64:
			f.SetFloat(0.5)
		case reflect.Pointer:
			f.Set(reflect.ValueOf(&n))
		default:
			t.Fatalf("field %s: kind %v not covered by this test", typ.Field(i).Name, f.Kind())
		}
		cases = append(cases, r)
	}
	for _, r := range cases {
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(r); err != nil {
			t.Fatal(err)
		}
		got, err := r.appendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want.String() {
			t.Errorf("%+v:\n%s\nwant\n%s", r, got, want.String())
		}
	}
}
