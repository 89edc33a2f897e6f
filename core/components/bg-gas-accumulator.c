/* bg-gas-accumulator.c — placeholder; being written. */
#include "config.h"
