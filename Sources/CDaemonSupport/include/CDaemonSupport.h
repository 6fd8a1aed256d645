#ifndef C_DAEMON_SUPPORT_H
#define C_DAEMON_SUPPORT_H

/// Sends a signal to the process a pidfd refers to (pidfd_send_signal(2), Linux 5.1+): unlike kill(2) with a
/// PID, it can never reach another process that reused the PID. Returns 0, or -1 with errno set.
int contacts_pidfd_send_signal(int pidfd, int signal);

/// The file system type of an open file (fstatfs(2)'s f_type, a *_SUPER_MAGIC number), or -1 with errno set.
long long contacts_file_system_type(int descriptor);

#endif
