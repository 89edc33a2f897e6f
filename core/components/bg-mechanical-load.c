/* bg-mechanical-load.c — placeholder; being written. */
#include "config.h"
