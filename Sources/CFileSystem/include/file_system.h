#ifndef FILE_SYSTEM_H
#define FILE_SYSTEM_H

/// renameat2(2) with RENAME_EXCHANGE: swaps two paths atomically. 0, or -1
/// with errno (EINVAL, ENOSYS or EOPNOTSUPP where the file system refuses).
int fs_rename_exchange(const char *from, const char *to);

/// renameat2(2) with RENAME_NOREPLACE: fails with EEXIST instead of replacing.
int fs_rename_noreplace(const char *from, const char *to);

/// The magic number of the file system holding `path` (statfs(2)'s f_type),
/// or 0 when it cannot be told.
unsigned long fs_type(const char *path);

/// open(2) of an unnamed file in `directory` (O_TMPFILE, read and write,
/// close-on-exec, mode 0600): a descriptor, or -1 with errno.
int fs_open_unnamed(const char *directory);

/// copy_file_range(2) of up to `count` bytes from `from` at `offset` to the
/// end of `to`: the bytes copied, or -1 with errno.
long fs_copy_range(int from, long offset, int to, unsigned long count);

#endif
