//go:build unix

package recovery

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes an exclusive lock on f without waiting; ok is false when
// another open file (another app, or another session in this one) holds
// it. The kernel drops the lock when the holder dies, which is what tells
// a crashed session from a running one.
func tryLock(f *os.File) (ok bool, err error) {
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}
