/* bg-transformer.c — placeholder; being written. */
#include "config.h"
