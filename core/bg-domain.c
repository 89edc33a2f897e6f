/* bg-domain.c — placeholder; being written. */
#include "config.h"
