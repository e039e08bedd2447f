#ifndef FILE_SYSTEM_H
#define FILE_SYSTEM_H

/// renameat2(2) with RENAME_EXCHANGE: swaps two paths atomically. 0, or -1
/// with errno (EINVAL, ENOSYS or EOPNOTSUPP where the file system refuses).
int fs_rename_exchange(const char *from, const char *to);

/// renameat2(2) with RENAME_NOREPLACE: fails with EEXIST instead of replacing.
int fs_rename_noreplace(const char *from, const char *to);

#endif
