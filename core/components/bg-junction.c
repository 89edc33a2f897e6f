/* bg-junction.c — placeholder; being written. */
#include "config.h"
