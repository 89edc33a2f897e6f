/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-options.c — the options the subcommands of bgmod-cli share
 * (docs/command-line.md).
 *
 * Owns: parsing a subcommand's command line, numbers and sizes in option
 * values, the one model file a command takes, the --vars list, --csv and
 * --plot, and the options of `simulate`, with their help texts and usage
 * errors (see bg-cli-options.h). Must not: load or run anything, or write
 * anything but messages to stderr.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-cli.h"
#include "bg-cli-output.h"
#include "bg-simulator.h"

gboolean
bg_cli_parse (GOptionContext *context,
              const char     *command,
              int            *argc,
              char         ***argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *prgname = g_strdup_printf ("bgmod-cli %s", command);

  g_set_prgname (prgname);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      bg_cli_usage_error (command, error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
bg_cli_parse_number (const char *command,
                     const char *option,
                     const char *text,
                     double     *value)
{
  g_autofree char *message = NULL;
  char *end = NULL;
  double x;

  if (text == NULL)
    return TRUE;
  errno = 0;
  x = g_ascii_strtod (text, &end);
  if (end != text && *end == '\0' && errno != ERANGE && isfinite (x))
    {
      *value = x;
      return TRUE;
    }
  message = g_strdup_printf (_("--%s: “%s” is not a finite number"), option, text);
  bg_cli_usage_error (command, message);
  return FALSE;
}

gboolean
bg_cli_expect_one_model (const char *command,
                         int         argc)
{
  if (argc == 2)
    return TRUE;
  bg_cli_usage_error (command, argc < 2 ? _("missing the model file")
                                        : _("expected one model file"));
  return FALSE;
}

GStrv
bg_cli_split_vars (const char *list)
{
  g_auto (GStrv) names = NULL;
  GPtrArray *out;

  if (list == NULL)
    return NULL;
  names = g_strsplit (list, ",", -1);
  out = g_ptr_array_new ();
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      if (*name != '\0')
        g_ptr_array_add (out, g_strdup (name));
    }
  g_ptr_array_add (out, NULL);
  return (GStrv) g_ptr_array_free (out, FALSE);
}

/* --csv and --plot --------------------------------------------------------- */

void
bg_cli_output_options_add (BgCliOutputOptions *o,
                           GOptionContext     *context)
{
  const GOptionEntry entries[] = {
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &o->csv,
      N_("Write CSV to this file, or - for standard output"), "OUT.csv" },
    { "plot", 0, 0, G_OPTION_ARG_FILENAME, &o->plot,
      N_("Write a plot to a PNG or SVG file"), "OUT.png" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

gboolean
bg_cli_output_options_check (const BgCliOutputOptions *o,
                             const char               *command,
                             int                      *exit_code)
{
  g_autoptr(GError) error = NULL;

  if (o->plot != NULL && !g_str_has_suffix (o->plot, ".png") && !g_str_has_suffix (o->plot, ".svg"))
    {
      *exit_code = bg_cli_usage_error (command, _("--plot needs a file name ending in .png or .svg"));
      return FALSE;
    }
  /* A device or a socket is refused before any work is done. */
  if ((o->csv != NULL && !bg_cli_output_check (o->csv, &error))
      || (o->plot != NULL && !bg_cli_output_check (o->plot, &error)))
    {
      *exit_code = bg_cli_write_failed (command, error);
      return FALSE;
    }
  return o->plot == NULL || !bg_cli_draw_elsewhere (command, exit_code);
}

const char *
bg_cli_output_options_csv_path (const BgCliOutputOptions *o)
{
  if (o->csv != NULL)
    return o->csv;
  return o->plot == NULL ? "-" : NULL;
}

void
bg_cli_output_options_clear (BgCliOutputOptions *o)
{
  g_clear_pointer (&o->csv, g_free);
  g_clear_pointer (&o->plot, g_free);
}

/* simulate ------------------------------------------------------------------ */

/* "2G", "512MiB", "300M", "1e9": bytes with an optional binary suffix. */
static gboolean
parse_size (const char *text, guint64 *bytes)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);
  double scale = 1;

  if (end == text || !(value > 0) || !isfinite (value))
    return FALSE;
  switch (g_ascii_toupper (*end))
    {
    case 'K': scale = 1024.0; end++; break;
    case 'M': scale = 1024.0 * 1024; end++; break;
    case 'G': scale = 1024.0 * 1024 * 1024; end++; break;
    case 'T': scale = 1024.0 * 1024 * 1024 * 1024; end++; break;
    default: break;
    }
  if (scale > 1 && (g_ascii_strcasecmp (end, "iB") == 0 || g_ascii_strcasecmp (end, "B") == 0))
    end += strlen (end);
  if (*end != '\0' || value * scale >= 1.8e19)
    return FALSE;
  *bytes = (guint64) (value * scale);
  return TRUE;
}

void
bg_cli_simulate_options_init (BgCliSimulateOptions *o)
{
  memset (o, 0, sizeof *o);
  o->t_end = NAN;
  o->output_step = NAN;
  o->rtol = NAN;
  o->atol = NAN;
  o->max_memory = BG_SIMULATOR_DEFAULT_MAX_MEMORY;
}

void
bg_cli_simulate_options_add (BgCliSimulateOptions *o,
                             GOptionContext       *context)
{
  const GOptionEntry settings[] = {
    { "t-end", 0, 0, G_OPTION_ARG_STRING, &o->t_end_text,
      N_("End time in seconds (1e-12 to 1e12)"), "T" },
    { "output-step", 0, 0, G_OPTION_ARG_STRING, &o->output_step_text,
      N_("Time between output rows in seconds"), "H" },
    { "rtol", 0, 0, G_OPTION_ARG_STRING, &o->rtol_text,
      N_("Relative tolerance (1e-14 to 1)"), "R" },
    { "atol", 0, 0, G_OPTION_ARG_STRING, &o->atol_text,
      N_("Absolute tolerance as a fraction of each state's physical scale (0 to 0.01)"), "A" },
    { "vars", 0, 0, G_OPTION_ARG_STRING, &o->vars,
      N_("Comma-separated variables to write (default: all)"), "a,b,..." },
    { NULL }
  };
  const GOptionEntry run[] = {
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &o->max_memory_text,
      N_("Refuse a run that would need more memory than this (default 2G)"), "SIZE" },
    { "sweep", 0, 0, G_OPTION_ARG_STRING, &o->sweep,
      N_("Run once per value of a parameter, in parallel (one thread per core); the CSV has one column per variable and value, the plot overlays the runs"),
      "EL.PARAM=V1,V2,..." },
    { NULL }
  };

  g_option_context_add_main_entries (context, settings, GETTEXT_PACKAGE);
  bg_cli_output_options_add (&o->out, context);
  g_option_context_add_main_entries (context, run, GETTEXT_PACKAGE);
}

gboolean
bg_cli_simulate_options_read (BgCliSimulateOptions *o,
                              int                   argc,
                              int                  *exit_code)
{
  *exit_code = BG_CLI_EXIT_USAGE;
  if (!bg_cli_parse_number ("simulate", "t-end", o->t_end_text, &o->t_end)
      || !bg_cli_parse_number ("simulate", "output-step", o->output_step_text, &o->output_step)
      || !bg_cli_parse_number ("simulate", "rtol", o->rtol_text, &o->rtol)
      || !bg_cli_parse_number ("simulate", "atol", o->atol_text, &o->atol)
      || !bg_cli_expect_one_model ("simulate", argc)
      || !bg_cli_output_options_check (&o->out, "simulate", exit_code))
    return FALSE;
  if (o->max_memory_text != NULL && !parse_size (o->max_memory_text, &o->max_memory))
    {
      g_autofree char *message =
        g_strdup_printf (_("--max-memory needs a size in bytes, e.g. 512M or 4G, not “%s”"),
                         o->max_memory_text);

      *exit_code = bg_cli_usage_error ("simulate", message);
      return FALSE;
    }
  *exit_code = BG_CLI_EXIT_OK;
  return TRUE;
}

void
bg_cli_simulate_options_apply (const BgCliSimulateOptions *o,
                               BgSimSettings              *settings)
{
  if (!isnan (o->t_end))
    settings->t_end = o->t_end;
  if (!isnan (o->output_step))
    settings->output_step = o->output_step;
  if (!isnan (o->rtol))
    settings->rtol = o->rtol;
  if (!isnan (o->atol))
    settings->atol = o->atol;
}

void
bg_cli_simulate_options_clear (BgCliSimulateOptions *o)
{
  g_clear_pointer (&o->t_end_text, g_free);
  g_clear_pointer (&o->output_step_text, g_free);
  g_clear_pointer (&o->rtol_text, g_free);
  g_clear_pointer (&o->atol_text, g_free);
  g_clear_pointer (&o->vars, g_free);
  bg_cli_output_options_clear (&o->out);
  g_clear_pointer (&o->max_memory_text, g_free);
  g_clear_pointer (&o->sweep, g_free);
}
