/* bg-causality.c — placeholder; being written. */
#include "config.h"
