// Glibc's Swift module does not export fstatfs(2) (sys/vfs.h), which tells which file system serves a file.
#include <sys/vfs.h>
#include "CDaemonSupport.h"

long long contacts_file_system_type(int descriptor) {
    struct statfs system;
    if (fstatfs(descriptor, &system) != 0) {
        return -1;
    }
    return (long long)system.f_type;
}
