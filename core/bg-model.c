/* bg-model.c — placeholder; being written. */
#include "config.h"
