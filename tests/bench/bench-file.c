/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-file.c — speed and size of reading and writing .bgmod files.
 *
 * Owns: a generated ladder model (n 0-junctions, each with a resistor, the
 * junctions chained by bonds) written to JSON and read back at several
 * sizes up to the element limit; prints parse, load and save times. Must
 * not: assert timings (figures only).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib.h>

#include "bg-file.h"

/* n junctions + n resistors = 2n elements; 2n - 1 bonds. */
static GString *
ladder_json (guint n)
{
  GString *s = g_string_new ("{\"format\": \"bgmod\", \"version\": 1, \"name\": \"ladder\", "
                             "\"elements\": [");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s{\"id\": \"J%u\", \"type\": \"0\", \"domain\": \"electrical\", "
                            "\"x\": %u, \"y\": 0}, {\"id\": \"R%u\", \"type\": \"R\", "
                            "\"domain\": \"electrical\", \"x\": %u, \"y\": 120, "
                            "\"params\": {\"value\": 1000}}",
                            i ? ", " : "", i, 120 * i, i, 120 * i);
  g_string_append (s, "], \"bonds\": [");
  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (s, "%s{\"id\": \"b%u\", \"from\": \"J%u\", \"to\": \"R%u\"}",
                              i ? ", " : "", i, i, i);
      if (i + 1 < n)
        g_string_append_printf (s, ", {\"id\": \"c%u\", \"from\": \"J%u\", \"to\": \"J%u\"}",
                                i, i, i + 1);
    }
  g_string_append (s, "]}");
  return s;
}

static void
bench_size (guint n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgModel) back = NULL;
  g_autofree char *data = NULL;
  GString *json = ladder_json (n);
  gint64 t0, t1, t2, t3;
  gsize length;

  t0 = g_get_monotonic_time ();
  model = bg_file_load_from_data (json->str, json->len, &error);
  t1 = g_get_monotonic_time ();
  g_assert_no_error (error);
  data = bg_file_to_data (model, &length);
  t2 = g_get_monotonic_time ();
  back = bg_file_load_from_data (data, length, &error);
  t3 = g_get_monotonic_time ();
  g_assert_no_error (error);

  printf ("%7u elements %7u bonds  %7.2f MB in  load %8.1f ms  save %7.1f ms  "
          "reload %8.1f ms  (%.2f MB out)\n",
          2 * n, 2 * n - 1, json->len / 1e6,
          (t1 - t0) / 1e3, (t2 - t1) / 1e3, (t3 - t2) / 1e3, length / 1e6);
  g_string_free (json, TRUE);
}

/* The reader alone: a document that fails on its header after parsing. */
static void
bench_parse_only (guint n)
{
  g_autoptr(GError) error = NULL;
  GString *json = ladder_json (n);
  gint64 t0, t1;

  strstr (json->str, "bgmod")[4] = 'x';  /* "bgmod" → "bgmox" */
  t0 = g_get_monotonic_time ();
  g_assert_null (bg_file_load_from_data (json->str, json->len, &error));
  t1 = g_get_monotonic_time ();
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
  printf ("parse only, %u elements (%.2f MB): %.1f ms\n",
          2 * n, json->len / 1e6, (t1 - t0) / 1e3);
  g_string_free (json, TRUE);
}

int
main (void)
{
  static const guint sizes[] = { 50, 500, 5000, 50000 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    bench_size (sizes[i]);
  bench_parse_only (50000);
  return 0;
}
