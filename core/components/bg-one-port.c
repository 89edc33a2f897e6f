/* bg-one-port.c — placeholder; being written. */
#include "config.h"
