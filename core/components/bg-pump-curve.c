/* bg-pump-curve.c — placeholder; being written. */
#include "config.h"
