/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bgmod-cli.c — the command-line tool: main, subcommand dispatch and usage.
 *
 * Owns: the list of subcommands, the top-level usage text, and the helpers
 * every subcommand shares (usage errors, output files that could not be
 * written, loading a model with the exit codes of docs/command-line.md;
 * option parsing is bg-cli-options.c's). Must not: implement a subcommand
 * (each lives in its own bg-cli-<command>.c) or print data; messages go to
 * stderr.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-model-flatten.h"
#include "bg-cli-output.h"
#include "bg-file.h"
#include "bg-i18n.h"

typedef struct
{
  const char *name;
  int       (*run) (int argc, char **argv);
} BgCliCommand;

/* Commands, in the order of the usage text. */
static const BgCliCommand commands[] = {
  { "analyze", bg_cli_analyze },
  { "equations", bg_cli_equations },
  { "simulate", bg_cli_simulate },
  { "energy", bg_cli_energy },
  { "render", bg_cli_render },
  { "linearize", bg_cli_linearize },
  { "bode", bg_cli_bode },
  { "components", bg_cli_components },
  { "grade", bg_cli_grade },
  { "fix", bg_cli_fix },
  { "export-fmu", bg_cli_export_fmu },
};

/* A command reads a file into large temporary arrays (a parsed document),
 * frees them and builds others (a compiled plan): heap memory freed once is
 * best used again, since every page written for the first time costs a
 * fault. glibc would return blocks of 128 KiB and more, and the heap's free
 * top, to the system at once, so that the next arrays fault their pages
 * anew; here blocks up to 32 MiB come from the heap and the heap is not
 * trimmed as it goes (simulate gives the free pages back, malloc_trim,
 * before its run). Measured on the 10 000-mass chain: 20 400 -> 17 000 page
 * faults and 550 -> 455 ms of CPU before the integration; the same peak. */
static void
tune_heap (void)
{
#ifdef __GLIBC__
  mallopt (M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  mallopt (M_TRIM_THRESHOLD, 256 * 1024 * 1024);
#endif
}

static void
print_usage (FILE *stream)
{
  fprintf (stream, "%s\n",
           _("Usage: bgmod-cli COMMAND [OPTION…]"));
  fprintf (stream, "\n%s\n", _("Commands:"));
  fprintf (stream, "  %s\n      %s\n",
           "analyze  MODEL.bgmod [--steps] [--json]",
           _("Check the causality of a model: strokes, states, algebraic groups, conflicts."));
  fprintf (stream, "  %s\n      %s\n",
           "equations MODEL.bgmod [--json | --latex]",
           _("Derive the state equations dx/dt = f(x, u) of a model in textbook form."));
  fprintf (stream, "  %s\n      %s\n",
           "simulate MODEL.bgmod [--t-end T] [--output-step H] [--rtol R] [--atol A]\n"
           "                      [--vars a,b,...] [--csv OUT.csv|-] [--plot OUT.png|OUT.svg|OUT.pdf]\n"
           "                      [--sweep EL.PARAM=V1,V2,...]",
           _("Simulate a model and write its variables as CSV or a plot; --sweep runs it once per value, in parallel."));
  fprintf (stream, "  %s\n      %s\n",
           "energy   MODEL.bgmod [--json | --csv OUT.csv|-] [--t-end T] [--output-step H]\n"
           "                      [--rtol R] [--atol A] [--max-memory SIZE]",
           _("Simulate a model and print its energy balance: supplied, dissipated, stored and the residual."));
  fprintf (stream, "  %s\n      %s\n",
           "render   MODEL.bgmod --output OUT.png|OUT.svg|OUT.pdf [--exercise]",
           _("Draw the bond graph with its causal strokes."));
  fprintf (stream, "  %s\n      %s\n",
           "linearize MODEL.bgmod [--at T] [--vars a,b,...] [--json] [--max-time S]",
           _("Linearize a model: the matrices A, B, C, D and the eigenvalues with their frequencies and damping."));
  fprintf (stream, "  %s\n      %s\n",
           "bode     MODEL.bgmod --input SRC --output VAR [--from F1] [--to F2]\n"
           "                      [--points N] [--csv OUT.csv|-] [--plot OUT.png|OUT.svg|OUT.pdf]\n"
           "                      [--max-time S]",
           _("Frequency response from a source to a variable: magnitude in dB and phase in degrees."));
  fprintf (stream, "  %s\n      %s\n",
           "components [--domain D] [--json | --markdown]",
           _("List the Elements library: types, ports, parameters and units."));
  fprintf (stream, "  %s\n      %s\n",
           "grade    STUDENT.bgmod... [--json] [--render DIR [--render-format png|svg|pdf]]",
           _("Check the causal strokes students placed in exercise mode."));
  fprintf (stream, "  %s\n      %s\n",
           "fix      MODEL.bgmod --output OUT.bgmod [--remedy K]",
           _("Apply a remedy for the first causal conflict and save the result."));
  fprintf (stream, "  %s\n      %s\n",
           "export-fmu MODEL.bgmod --output NAME.fmu [--fmi 3|2] [--inputs SRC,...]\n"
           "                      [--outputs VAR,...]",
           _("Write the model as an FMU (FMI 3.0 or 2.0, Model Exchange and Co-Simulation) for other tools."));
  fprintf (stream, "\n%s\n",
           _("Run “bgmod-cli COMMAND --help” for the options of a command."));
  fprintf (stream, "%s\n",
           _("Exit status: 0 success; 1 invalid model, causal conflict or solver failure; 2 usage error or unreadable file."));
}

int
bg_cli_usage_error (const char *command,
                    const char *message)
{
  if (command != NULL)
    g_printerr ("bgmod-cli %s: %s\n", command, message);
  else
    g_printerr ("bgmod-cli: %s\n", message);
  if (command != NULL)
    g_printerr (_("Run “bgmod-cli %s --help” for its options.\n"), command);
  else
    g_printerr (_("Run “bgmod-cli --help” for the list of commands.\n"));
  return BG_CLI_EXIT_USAGE;
}

int
bg_cli_write_failed (const char   *command,
                     const GError *error)
{
  g_printerr ("bgmod-cli %s: %s\n", command, error->message);
  return BG_CLI_EXIT_USAGE;
}

int
bg_cli_report_conflicts (const char        *command,
                         const char        *path,
                         const BgCausality *causality)
{
  const GPtrArray *errors = bg_causality_get_errors (causality);

  for (guint i = 0; i < errors->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (errors, i);

      if (path != NULL)
        g_printerr ("bgmod-cli %s: %s: %s\n", command, path, d->message);
      else
        g_printerr ("bgmod-cli %s: %s\n", command, d->message);
    }
  return BG_CLI_EXIT_FAILED;
}

BgModel *
bg_cli_load_model (const char *path,
                   int        *exit_code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) document = bg_cli_load_document (path, exit_code);
  BgModel *flat;

  if (document == NULL)
    return NULL;
  flat = bg_model_flatten (document, NULL, &error);
  if (flat != NULL)
    return flat;
  g_printerr ("bgmod-cli: %s: %s\n", path, error->message);
  *exit_code = BG_CLI_EXIT_FAILED;
  return NULL;
}

BgModel *
bg_cli_load_document (const char *path,
                      int        *exit_code)
{
  g_autoptr(GError) error = NULL;
  BgModel *model;

  model = bg_file_load_path (path, &error);
  if (model != NULL)
    return model;

  g_printerr ("bgmod-cli: %s\n", error->message);
  if (g_error_matches (error, BG_FILE_ERROR, BG_FILE_ERROR_IO))
    *exit_code = BG_CLI_EXIT_USAGE;
  else
    *exit_code = BG_CLI_EXIT_FAILED;
  return NULL;
}

/* Reads a regular file or a FIFO whole (up to one byte over the loader's
 * limit, so that the loader refuses a larger one); FALSE for anything
 * else or a failed read, the loader then saying why. */
static gboolean
read_model_text (const char *path,
                 char      **text,
                 gsize      *length)
{
  g_autoptr(GByteArray) buf = NULL;
  struct stat st;
  int fd;

  if (stat (path, &st) != 0 || !(S_ISREG (st.st_mode) || S_ISFIFO (st.st_mode))
      || (S_ISREG (st.st_mode) && st.st_size > BG_FILE_MAX_BYTES))
    return FALSE;
  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return FALSE;
  buf = g_byte_array_new ();
  while (buf->len <= BG_FILE_MAX_BYTES)
    {
      guint old = buf->len;
      ssize_t n;

      g_byte_array_set_size (buf, old + 65536);
      n = read (fd, buf->data + old, 65536);
      if (n < 0 && errno == EINTR)
        {
          g_byte_array_set_size (buf, old);
          continue;
        }
      g_byte_array_set_size (buf, old + MAX (n, 0));
      if (n < 0)
        {
          close (fd);
          return FALSE;
        }
      if (n == 0)
        break;
    }
  close (fd);
  *length = MIN (buf->len, (guint) BG_FILE_MAX_BYTES + 1);
  g_byte_array_set_size (buf, *length);
  g_byte_array_append (buf, (const guint8 *) "", 1);
  *text = (char *) g_byte_array_free (g_steal_pointer (&buf), FALSE);
  return TRUE;
}

BgModel *
bg_cli_load_model_text (const char *path,
                        char      **text,
                        gsize      *length,
                        int        *exit_code)
{
  g_autoptr(GError) error = NULL;
  BgModel *model;

  *text = NULL;
  *length = 0;
  if (!read_model_text (path, text, length))
    return bg_cli_load_document (path, exit_code);
  model = bg_file_load_from_data (*text, (gssize) *length, &error);
  if (model != NULL)
    return model;
  g_clear_pointer (text, g_free);
  g_printerr ("bgmod-cli: %s: %s\n", path, error->message);
  *exit_code = g_error_matches (error, BG_FILE_ERROR, BG_FILE_ERROR_IO) ? BG_CLI_EXIT_USAGE
                                                                        : BG_CLI_EXIT_FAILED;
  return NULL;
}

static const BgCliCommand *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  const BgCliCommand *command;
  /* Option parsing rearranges argv; a command handed over to
   * bgmod-cli-draw needs it as it came. */
  g_auto (GStrv) command_line = g_strdupv (argv);
  int exit_code;

  tune_heap ();
  bg_cli_stdout_init ();
  bg_cli_set_command_line (command_line);
  bg_i18n_init ();
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("bgmod-cli");

  if (argc < 2)
    {
      print_usage (stderr);
      return BG_CLI_EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      print_usage (stdout);
      return bg_cli_stdout_finish (BG_CLI_EXIT_OK);
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      g_print ("bgmod-cli %s\n", BGMOD_VERSION);
      return bg_cli_stdout_finish (BG_CLI_EXIT_OK);
    }

  command = find_command (argv[1]);
  if (command == NULL)
    {
      g_autofree char *message = NULL;

      if (strcmp (argv[1], "simulate") == 0 || strcmp (argv[1], "render") == 0)
        message = g_strdup_printf (_("“%s” is not available in this build"), argv[1]);
      else
        message = g_strdup_printf (_("unknown command “%s”"), argv[1]);
      return bg_cli_usage_error (NULL, message);
    }

  exit_code = command->run (argc - 1, argv + 1);
  bg_cli_set_command_line (NULL);
  return bg_cli_stdout_finish (exit_code);
}
