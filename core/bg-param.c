/* bg-param.c — placeholder; being written. */
#include "config.h"
