// sqlite3_config is variadic, which Swift cannot call.
#include <sqlite3.h>
#include "CDaemonSupport.h"

int contacts_sqlite_page_cache_header_size(void) {
    int size = 0;
    if (sqlite3_config(SQLITE_CONFIG_PCACHE_HDRSZ, &size) != SQLITE_OK) {
        return -1;
    }
    return size;
}

int contacts_sqlite_use_page_cache(void *buffer, int line_size, int lines) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, buffer, line_size, lines);
}
