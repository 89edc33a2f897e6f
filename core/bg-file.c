/* bg-file.c — placeholder; being written. */
#include "config.h"
