#ifndef C_DAEMON_SUPPORT_H
#define C_DAEMON_SUPPORT_H

/// Sends a signal to the process a pidfd refers to (pidfd_send_signal(2), Linux 5.1+): unlike kill(2) with a
/// PID, it can never reach another process that reused the PID. Returns 0, or -1 with errno set.
int contacts_pidfd_send_signal(int pidfd, int signal);

/// The file system type of an open file (fstatfs(2)'s f_type, a *_SUPER_MAGIC number), or -1 with errno set.
long long contacts_file_system_type(int descriptor);

/// The bytes SQLite adds to each page of its page cache (SQLITE_CONFIG_PCACHE_HDRSZ), or -1 once SQLite has
/// started.
int contacts_sqlite_page_cache_header_size(void);

/// Hands SQLite `lines` page-cache lines of `line_size` bytes each in `buffer` (SQLITE_CONFIG_PAGECACHE); the buffer
/// must outlive every connection. An SQLite result code: SQLITE_MISUSE (21) once SQLite has started.
int contacts_sqlite_use_page_cache(void *buffer, int line_size, int lines);

#endif
