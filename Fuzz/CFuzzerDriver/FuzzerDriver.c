// Declarations only (include/FuzzerDriver.h): the definitions come from libFuzzer at link time.
#include "FuzzerDriver.h"
