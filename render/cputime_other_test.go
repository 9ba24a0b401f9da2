//go:build !unix

package render

// cpuSeconds is not measured on this system.
func cpuSeconds() float64 { return 0 }
