/* bg-library.c — placeholder; being written. */
#include "config.h"
