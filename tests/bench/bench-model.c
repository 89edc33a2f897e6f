/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-model.c — prints how long BgModel edits take at 100 000 elements.
 *
 * Owns: timings of bulk adds (one step each, as a loader or a script makes
 * them), the adjacency read an analysis makes, removing everything and
 * undo/redo of that, and peak memory. Must not: assert on timings.
 */
#include "config.h"

#include <stdio.h>
#include <time.h>
#include <sys/resource.h>
#include <glib-object.h>

#include "bg-model.h"

static double last_cpu;

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* "wall s (cpu s)" since the previous lap: the machine may be shared. */
static const char *
lap (GTimer *timer)
{
  static char text[64];
  double cpu = cpu_seconds ();

  g_snprintf (text, sizeof text, "%.3f s wall, %.3f s cpu",
              g_timer_elapsed (timer, NULL), cpu - last_cpu);
  last_cpu = cpu;
  g_timer_start (timer);
  return text;
}

int
main (int   argc,
      char *argv[])
{
  const guint n = BG_MODEL_MAX_ELEMENTS;
  BgModel *model = bg_model_new ();
  GTimer *timer = g_timer_new ();
  last_cpu = cpu_seconds ();
  GPtrArray *elements;
  const char **ids;
  guint64 ends = 0;
  struct rusage usage;
  char j[32], r[32], prev[32];

  /* A ladder: 1-junctions in a row, each with a resistor. */
  for (guint i = 0; i < n / 2; i++)
    {
      g_snprintf (j, sizeof j, "J%u", i);
      g_snprintf (r, sizeof r, "R%u", i);
      bg_model_add_element (model, "1", BG_DOMAIN_ELECTRICAL, j, i, 0, NULL);
      bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, r, i, 10, NULL);
      bg_model_connect (model, j, r, NULL, NULL);
      if (i > 0)
        {
          g_snprintf (prev, sizeof prev, "J%u", i - 1);
          bg_model_connect (model, prev, j, NULL, NULL);
        }
    }
  printf ("add %u elements and %u bonds, one step each: %s\n", n,
          bg_model_get_bonds (model)->len, lap (timer));

  bg_model_clear_history (model);
  printf ("clear the history: %s\n", lap (timer));

  elements = bg_model_get_elements (model);
  for (guint i = 0; i < elements->len; i++)
    ends += bg_model_get_element_bonds (model, g_ptr_array_index (elements, i))->len;
  printf ("bonds of every element (%" G_GUINT64_FORMAT " ends), first read: %s\n",
          ends, lap (timer));
  for (guint i = 0; i < elements->len; i++)
    ends += bg_model_get_element_bonds (model, g_ptr_array_index (elements, i))->len;
  printf ("bonds of every element, cached: %s\n", lap (timer));

  ids = g_new (const char *, n);
  for (guint i = 0; i < n; i++)
    ids[i] = ((BgElement *) g_ptr_array_index (elements, i))->id;
  bg_model_remove_elements (model, ids, n, NULL);
  g_free (ids);
  printf ("remove all elements and bonds (one step): %s\n", lap (timer));
  bg_model_undo (model);
  printf ("undo the removal: %s\n", lap (timer));
  bg_model_redo (model);
  printf ("redo the removal: %s\n", lap (timer));
  bg_model_undo (model);

  getrusage (RUSAGE_SELF, &usage);
  printf ("peak resident memory: %.1f MiB\n", usage.ru_maxrss / 1024.0);

  g_object_unref (model);
  printf ("free the model: %s\n", lap (timer));
  g_timer_destroy (timer);
  return 0;
}
