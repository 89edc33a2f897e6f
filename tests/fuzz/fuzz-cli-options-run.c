/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-cli-options-run.c — bgmod-cli's option parsing on untrusted
 * arguments (see fuzz-cli-options.h).
 *
 * Owns: splitting the input into a command line, parsing it with the
 * commands' own option tables and readers, the invariants an accepted
 * command line must keep, and the stand-ins for what the readers call
 * outside option parsing (usage errors are counted, not printed; nothing
 * is handed over to bgmod-cli-draw). Must not: load or write any file, or
 * keep state between runs.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "bg-bode.h"
#include "bg-cli.h"
#include "bg-cli-options.h"
#include "bg-sweep.h"
#include "fuzz-cli-options.h"
#include "fuzz-fail.h"

#define MAX_ARGS 24
#define MAX_ARG_BYTES 512

/* Stand-ins for bgmod-cli.c and bg-cli-draw-elsewhere.c. */
int
bg_cli_usage_error (const char *command,
                    const char *message)
{
  if (message == NULL || *message == '\0')
    fuzz_fail ("a usage error without a message");
  return BG_CLI_EXIT_USAGE;
}

int
bg_cli_write_failed (const char   *command,
                     const GError *error)
{
  if (error == NULL || error->message == NULL || *error->message == '\0')
    fuzz_fail ("a write error without a message");
  return BG_CLI_EXIT_USAGE;
}

gboolean
bg_cli_draw_elsewhere (const char *command,
                       int        *exit_code)
{
  return FALSE;
}

/* The power of ten of the Latin prefix TEXT ends with, and the length of
 * the number before it; 0 and the whole length without one. Written out
 * here, apart from core/bg-units.c, so that the two readings are compared. */
static int
split_prefix (const char *text, gsize *number_len)
{
  static const struct { const char *symbol; int exponent; } prefixes[] = {
    { "p", -12 }, { "n", -9 }, { "u", -6 }, { "µ", -6 }, { "μ", -6 }, { "m", -3 },
    { "k", 3 }, { "M", 6 }, { "G", 9 }, { "T", 12 },
  };
  gsize len = strlen (text);

  *number_len = len;
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_suffix (text, prefixes[i].symbol))
      {
        *number_len = len - strlen (prefixes[i].symbol);
        return prefixes[i].exponent;
      }
  return 0;
}

/* Only what a person could type: a number in C notation, then at most one
 * Latin SI prefix, worth what the two say. */
static void
check_number_text (const char *option, const char *text, double value)
{
  g_autofree char *number = NULL;
  gsize number_len;
  int exponent;
  double expected;

  if (text == NULL)
    return;
  if (!isfinite (value))
    fuzz_fail ("%s took a value that is not finite: %s", option, text);
  exponent = split_prefix (text, &number_len);
  number = g_strndup (text, number_len);
  if (*number == '\0' || number[strspn (number, "0123456789+-.eE")] != '\0')
    fuzz_fail ("%s took a hexadecimal, named or suffixed number: %s", option, text);
  expected = g_ascii_strtod (number, NULL) * pow (10, exponent);
  if (!(fabs (value - expected) <= 1e-15 * fabs (expected) + DBL_MIN))
    fuzz_fail ("%s read %s as %.17g, not %.17g", option, text, value, expected);
}

static void
check_sweep (const char *spec)
{
  g_autofree char *element = NULL, *param = NULL;
  g_autoptr (GArray) values = NULL;
  g_autoptr (GError) error = NULL;

  if (!bg_sweep_parse_spec (spec, &element, &param, &values, &error))
    {
      if (error == NULL || *error->message == '\0')
        fuzz_fail ("a sweep refused without a message");
      return;
    }
  if (*element == '\0' || *param == '\0' || values->len < 1 || values->len > BG_SWEEP_MAX_VALUES)
    fuzz_fail ("a sweep accepted with nothing to sweep: %s", spec);
  for (guint i = 0; i < values->len; i++)
    {
      double v = g_array_index (values, double, i);

      if (!isfinite (v))
        fuzz_fail ("a sweep value that is not finite: %s", spec);
      for (guint k = 0; k < i; k++)
        if (g_array_index (values, double, k) == v)
          fuzz_fail ("a sweep with a repeated value: %s", spec);
    }
  {
    g_auto (GStrv) items = g_strsplit (strchr (spec, '=') + 1, ",", -1);

    for (guint i = 0; items[i] != NULL && i < values->len; i++)
      check_number_text ("--sweep", g_strstrip (items[i]), g_array_index (values, double, i));
  }
}

static void
check_vars (const char *list)
{
  g_auto (GStrv) names = bg_cli_split_vars (list);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    if (*names[i] == '\0' || strchr (names[i], ',') != NULL)
      fuzz_fail ("--vars gave the name \"%s\"", names[i]);
}

static gboolean
run_simulate (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("MODEL.bgmod");
  BgCliSimulateOptions o;
  gboolean ok = FALSE;
  int exit_code = 0;

  bg_cli_simulate_options_init (&o);
  bg_cli_simulate_options_add (&o, context);
  g_option_context_set_help_enabled (context, FALSE);
  if (bg_cli_parse (context, "simulate", &argc, &argv)
      && bg_cli_simulate_options_read (&o, argc, &exit_code))
    {
      ok = TRUE;
      check_number_text ("--t-end", o.t_end_text, o.t_end);
      check_number_text ("--output-step", o.output_step_text, o.output_step);
      check_number_text ("--rtol", o.rtol_text, o.rtol);
      check_number_text ("--atol", o.atol_text, o.atol);
      if (o.max_memory == 0)
        fuzz_fail ("--max-memory of 0 bytes accepted");
      if (o.vars != NULL)
        {
          g_auto (GStrv) names = bg_cli_split_vars (o.vars);
          if (names[0] == NULL)
            fuzz_fail ("--vars without a name accepted: \"%s\"", o.vars);
        }
      check_vars (o.vars);
      if (o.sweep != NULL)
        check_sweep (o.sweep);
      if (exit_code != 0)
        fuzz_fail ("accepted with exit code %d", exit_code);
    }
  bg_cli_simulate_options_clear (&o);
  return ok;
}

static gboolean
run_bode (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("MODEL.bgmod");
  BgCliBodeOptions o;
  gboolean ok = FALSE;
  int exit_code = 0;

  bg_cli_bode_options_add (&o, context);
  g_option_context_set_help_enabled (context, FALSE);
  if (bg_cli_parse (context, "bode", &argc, &argv)
      && bg_cli_bode_options_read (&o, argc, &exit_code))
    {
      ok = TRUE;
      if (o.input == NULL || o.output == NULL)
        fuzz_fail ("bode accepted without --input or --output");
      if ((!isnan (o.from) && !(o.from >= BG_CLI_BODE_MIN_HZ && o.from <= BG_CLI_BODE_MAX_HZ))
          || (!isnan (o.to) && !(o.to >= BG_CLI_BODE_MIN_HZ && o.to <= BG_CLI_BODE_MAX_HZ))
          || (!isnan (o.from) && !isnan (o.to) && !(o.from < o.to)))
        fuzz_fail ("bode accepted the range %g … %g", o.from, o.to);
      if ((!isnan (o.from) && isnan (o.to) && !(o.from < BG_CLI_BODE_MAX_HZ))
          || (!isnan (o.to) && isnan (o.from) && !(o.to > BG_CLI_BODE_MIN_HZ)))
        fuzz_fail ("bode accepted one end with no room for the other");
      if (o.points < 2 || o.points > BG_BODE_MAX_POINTS)
        fuzz_fail ("bode accepted %d points", o.points);
      if (!(o.max_time > 0) || !isfinite (o.max_time))
        fuzz_fail ("bode accepted --max-time %g", o.max_time);
      check_number_text ("--from", o.from_text, o.from);
      check_number_text ("--to", o.to_text, o.to);
      if (o.points_text != NULL && strpbrk (o.points_text, "xX.eE") != NULL)
        fuzz_fail ("--points took %s", o.points_text);
      if (exit_code != 0)
        fuzz_fail ("accepted with exit code %d", exit_code);
    }
  bg_cli_bode_options_clear (&o);
  return ok;
}

static gboolean
run_linearize (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("MODEL.bgmod");
  BgCliLinearizeOptions o;
  gboolean ok = FALSE;

  bg_cli_linearize_options_add (&o, context);
  g_option_context_set_help_enabled (context, FALSE);
  if (bg_cli_parse (context, "linearize", &argc, &argv) && bg_cli_linearize_options_read (&o, argc))
    {
      ok = TRUE;
      if (!(o.at == 0 || (o.at >= BG_SIM_MIN_T_END && o.at <= BG_SIM_MAX_T_END)))
        fuzz_fail ("linearize accepted --at %g", o.at);
      if (!(o.max_time > 0) || !isfinite (o.max_time))
        fuzz_fail ("linearize accepted --max-time %g", o.max_time);
      check_number_text ("--at", o.at_text, o.at);
      check_vars (o.vars);
    }
  bg_cli_linearize_options_clear (&o);
  return ok;
}

gboolean
bg_fuzz_cli_options (const guint8 *data,
                     gsize         size)
{
  static const char *const commands[] = { "simulate", "bode", "linearize" };
  g_autoptr (GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) lines = NULL;
  g_autofree char *text = NULL;
  gboolean ok = FALSE;
  char **argv;
  int argc;
  guint which;

  if (size == 0)
    return FALSE;
  which = data[0] % G_N_ELEMENTS (commands);
  text = g_strndup ((const char *) data + 1, size - 1);   /* stops at a NUL */
  lines = g_strsplit (text, "\n", MAX_ARGS);
  g_ptr_array_add (args, g_strdup (commands[which]));
  for (guint i = 0; lines[i] != NULL; i++)
    g_ptr_array_add (args, g_strndup (lines[i], MAX_ARG_BYTES));
  g_ptr_array_add (args, NULL);

  /* GOption rearranges and shortens argv: parse a copy of the pointers. */
  argc = (int) args->len - 1;
  argv = g_memdup2 (args->pdata, args->len * sizeof (char *));
  switch (which)
    {
    case 0:
      ok = run_simulate (argc, argv);
      break;
    case 1:
      ok = run_bode (argc, argv);
      break;
    default:
      ok = run_linearize (argc, argv);
      break;
    }
  g_free (argv);
  return ok;
}
