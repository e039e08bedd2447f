#define _GNU_SOURCE
#include "file_system.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

// Through syscall(2): Swift cannot see glibc's renameat2 (it needs
// _GNU_SOURCE), and older C libraries lack the wrapper.
static int rename_with_flags(const char *from, const char *to, unsigned int flags) {
#ifdef SYS_renameat2
  return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
#else
  errno = ENOSYS;
  return -1;
#endif
}

int fs_rename_exchange(const char *from, const char *to) {
  return rename_with_flags(from, to, RENAME_EXCHANGE);
}

int fs_rename_noreplace(const char *from, const char *to) {
  return rename_with_flags(from, to, RENAME_NOREPLACE);
}

unsigned long fs_type(const char *path) {
  struct statfs info;
  if (statfs(path, &info) != 0) return 0;
  return (unsigned long)(unsigned int)info.f_type;
}

int fs_open_unnamed(const char *directory) {
  return open(directory, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
}

long fs_copy_range(int from, long offset, int to, unsigned long count) {
  off64_t at = offset;
  return (long)copy_file_range(from, &at, to, NULL, count, 0);
}
