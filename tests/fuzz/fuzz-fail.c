/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-fail.c — how a fuzz target reports a broken invariant: a message,
 * then abort (see fuzz-fail.h). Must not: keep state or return.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>

#include "fuzz-fail.h"

void
fuzz_fail (const char *format,
           ...)
{
  va_list args;

  va_start (args, format);
  g_logv (G_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, format, args);
  va_end (args);
  abort ();
}
