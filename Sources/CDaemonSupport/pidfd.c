// Swift cannot call the variadic syscall(2), and glibc has no wrapper for pidfd_send_signal on every version
// this project supports: this is the whole reason for the C target.
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <unistd.h>
#include <stddef.h>
#include "CDaemonSupport.h"

#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

int contacts_pidfd_send_signal(int pidfd, int signal) {
    return (int)syscall(SYS_pidfd_send_signal, pidfd, signal, NULL, 0);
}
