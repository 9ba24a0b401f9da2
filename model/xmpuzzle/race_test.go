//go:build race

package xmpuzzle

// raceAllocFactor: under the race detector the reader's growing buffers
// allocate twice what they do otherwise (measured: 512 MB instead of 256
// for the 65 MiB inputs TestHostileSize had).
const raceAllocFactor = 2
