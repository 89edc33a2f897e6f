/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-progress.c — the progress line on a terminal (see
 * bg-cli-progress.h).
 *
 * Owns: the terminal test, the delay, the ticking thread and the line's
 * text. Must not: print when standard error is not a terminal, or print
 * anything but the line.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>

#include "bg-cli-progress.h"

/* A command shorter than this shows nothing (BGMOD_PROGRESS_AFTER_MS
 * changes it: docs/command-line.md). */
#define SHOW_AFTER_US (2 * G_USEC_PER_SEC)
#define SHOW_AFTER_MAX_MS 3600000
#define TICK_US (G_USEC_PER_SEC / 4)

struct _BgCliProgress
{
  char     *command;
  gint64    start;
  gint64    show_after; /* µs */
  GThread  *thread;
  GMutex    lock;
  GCond     cond;
  char     *phase;      /* under lock */
  double    fraction;   /* under lock; NAN: unknown */
  gboolean  stop;       /* under lock */
  gboolean  shown;      /* the thread printed the line */
  int       width;      /* characters last printed */
};

static void
print_line (BgCliProgress *self)
{
  g_autofree char *text = NULL;
  gint64 elapsed = (g_get_monotonic_time () - self->start) / G_USEC_PER_SEC;
  int width;

  if (isnan (self->fraction))
    /* Translators: the progress line of a long command: "bgmod-cli bode:
     * reducing A to Hessenberg form… 12 s" */
    text = g_strdup_printf (_("%s: %s… %d s"), self->command,
                            self->phase != NULL ? self->phase : "", (int) elapsed);
  else
    /* Translators: "bgmod-cli simulate: simulating… 42 %" */
    text = g_strdup_printf (_("%s: %s… %d %%"), self->command,
                            self->phase != NULL ? self->phase : "",
                            (int) floor (100 * CLAMP (self->fraction, 0.0, 1.0)));
  width = (int) g_utf8_strlen (text, -1);
  fprintf (stderr, "\r%s%*s", text, MAX (self->width - width, 0), "");
  fflush (stderr);
  self->width = width;
  self->shown = TRUE;
}

/* The delay before the line, from BGMOD_PROGRESS_AFTER_MS if it holds
 * a whole number of milliseconds (up to an hour), else two seconds. */
static gint64
show_after_us (void)
{
  const char *text = g_getenv ("BGMOD_PROGRESS_AFTER_MS");
  guint64 ms = 0;

  if (text != NULL && g_ascii_string_to_unsigned (text, 10, 0, SHOW_AFTER_MAX_MS, &ms, NULL))
    return (gint64) ms * 1000;
  return SHOW_AFTER_US;
}

static gpointer
tick_thread (gpointer data)
{
  BgCliProgress *self = data;

  g_mutex_lock (&self->lock);
  while (!self->stop)
    {
      gint64 now = g_get_monotonic_time ();

      if (now - self->start >= self->show_after)
        print_line (self);
      g_cond_wait_until (&self->cond, &self->lock, now + TICK_US);
    }
  if (self->shown)
    {
      fprintf (stderr, "\r%*s\r", self->width, "");
      fflush (stderr);
    }
  g_mutex_unlock (&self->lock);
  return NULL;
}

BgCliProgress *
bg_cli_progress_new (const char *command)
{
  BgCliProgress *self = g_new0 (BgCliProgress, 1);

  self->command = g_strdup_printf ("bgmod-cli %s", command);
  self->start = g_get_monotonic_time ();
  self->fraction = NAN;
  self->show_after = show_after_us ();
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  if (isatty (STDERR_FILENO))
    self->thread = g_thread_new ("progress", tick_thread, self);
  return self;
}

void
bg_cli_progress_set_phase (BgCliProgress *self,
                           const char    *phase)
{
  if (self == NULL)
    return;
  g_mutex_lock (&self->lock);
  g_free (self->phase);
  self->phase = g_strdup (phase);
  self->fraction = NAN;
  g_mutex_unlock (&self->lock);
}

void
bg_cli_progress_set_fraction (BgCliProgress *self,
                              double         fraction)
{
  if (self == NULL)
    return;
  g_mutex_lock (&self->lock);
  self->fraction = fraction;
  g_mutex_unlock (&self->lock);
}

void
bg_cli_progress_free (BgCliProgress *self)
{
  if (self == NULL)
    return;
  if (self->thread != NULL)
    {
      g_mutex_lock (&self->lock);
      self->stop = TRUE;
      g_cond_signal (&self->cond);
      g_mutex_unlock (&self->lock);
      g_thread_join (self->thread);
    }
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  g_free (self->phase);
  g_free (self->command);
  g_free (self);
}
