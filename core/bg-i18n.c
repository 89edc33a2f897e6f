/* bg-i18n.c — placeholder; being written. */
#include "config.h"
