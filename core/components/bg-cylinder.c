/* bg-cylinder.c — placeholder; being written. */
#include "config.h"
