package cli

import (
	"encoding/json"
	"strconv"
)

// appendJSON appends r as encoding/json writes it (an Encoder's line,
// newline included): field by field, so that printing one result does not
// make encoding/json work out the struct's fields by reflection, which
// took about 90 us of a small puzzle's whole run of a few milliseconds.
// Strings and the float still go through encoding/json, for its exact
// escaping and number format. TestSolveResultJSON holds it to the
// reflective encoding.
func (r *solveResult) appendJSON(b []byte) ([]byte, error) {
	str := func(key, s string) error {
		q, err := json.Marshal(s)
		b = append(append(b, key...), q...)
		return err
	}
	b = strconv.AppendInt(append(b, `{"problem":`...), int64(r.Problem), 10)
	if err := str(`,"name":`, r.Name); err != nil {
		return b, err
	}
	b = strconv.AppendUint(append(b, `,"assemblies":`...), r.Assemblies, 10)
	b = append(b, `,"solutions":`...)
	if r.Solutions == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendUint(b, *r.Solutions, 10)
	}
	b = strconv.AppendBool(append(b, `,"complete":`...), r.Complete)
	sec, err := json.Marshal(r.Seconds)
	if err != nil {
		return b, err
	}
	b = append(append(b, `,"seconds":`...), sec...)
	if r.Part != "" {
		if err := str(`,"part":`, r.Part); err != nil {
			return b, err
		}
	}
	b = strconv.AppendUint(append(b, `,"nodes":`...), r.Nodes, 10)
	if r.Every != 0 {
		b = strconv.AppendInt(append(b, `,"every":`...), int64(r.Every), 10)
	}
	if r.Error != "" {
		if err := str(`,"error":`, r.Error); err != nil {
			return b, err
		}
	}
	return append(b, "}\n"...), nil
}
