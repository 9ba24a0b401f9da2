//go:build !unix

package recovery

import "os"

// tryLock cannot tell a running session from a dead one here (no flock):
// every lock succeeds, so a second app running at the same time may offer
// the first one's recovery files. BurrLab's releases are built for Linux.
func tryLock(*os.File) (bool, error) { return true, nil }
