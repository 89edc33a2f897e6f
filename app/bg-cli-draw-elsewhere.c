/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-draw-elsewhere.c — bgmod-cli hands the commands that draw over to
 * bgmod-cli-draw.
 *
 * In the layout: app/, linked into bgmod-cli only. bgmod-cli links no Cairo,
 * Pango or font library (26 shared libraries, about 8 ms of every start);
 * a command that draws (render, simulate --plot, bode --plot) runs
 * bgmod-cli-draw, the same program with the renderers, in its place with
 * the command line it was given.
 *
 * Owns: a copy of the command line, finding bgmod-cli-draw (beside this
 * program, as in the build tree, or where it is installed) and running it
 * in this process's place. Must not: draw, or be reached by a drawing
 * (the write functions here only refuse).
 */
#include "config.h"

#include <errno.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>

#include "bg-cli.h"

#define DRAW_PROGRAM "bgmod-cli-draw"

static char **command_line;   /* borrowed from main, which keeps it */

void
bg_cli_set_command_line (char **argv)
{
  command_line = argv;
}

/* Beside this program (the build tree), else where it is installed. */
static char *
find_draw_program (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      char *beside = g_build_filename (dir, DRAW_PROGRAM, NULL);

      if (g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE))
        return beside;
      g_free (beside);
    }
  return g_strdup (BG_CLI_DRAW_PROGRAM);
}

gboolean
bg_cli_draw_elsewhere (const char *command,
                       int        *exit_code)
{
  g_autofree char *program = find_draw_program ();
  int saved_errno;

  g_return_val_if_fail (command_line != NULL, FALSE);

  execv (program, command_line);
  saved_errno = errno;
  {
    g_autofree char *message = g_strdup_printf (_("cannot run %s, which draws: %s"), program,
                                                g_strerror (saved_errno));

    g_printerr ("bgmod-cli %s: %s\n", command, message);
  }
  *exit_code = BG_CLI_EXIT_FAILED;
  return TRUE;
}

static gboolean
refuse (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("this program does not draw; bgmod-cli-draw does"));
  return FALSE;
}

gboolean
bg_cli_write_simulation_plot (BgPlan            *plan,
                              BgResult          *result,
                              GArray            *vars,
                              const BgSimReport *report,
                              const char        *path,
                              GError           **error)
{
  return refuse (error);
}

gboolean
bg_cli_write_sweep_plot (BgSweep    *sweep,
                         GArray     *vars,
                         GArray     *runs,
                         const char *path,
                         GError    **error)
{
  return refuse (error);
}

gboolean
bg_cli_write_compare_plot (BgResult   *const  results[2],
                           GArray     *const  columns[2],
                           const char *const  labels[2],
                           const char        *path,
                           GError           **error)
{
  return refuse (error);
}

gboolean
bg_cli_write_bode_plot (const BgBode *bode,
                        const char   *path,
                        GError      **error)
{
  return refuse (error);
}

gboolean
bg_cli_write_feedback_sheet (const char    *file,
                             BgModel       *document,
                             BgFlatMap     *map,
                             const BgGrade *grade,
                             double         presentation_scale,
                             const char    *path,
                             GError       **error)
{
  return refuse (error);
}

int
bg_cli_render (int    argc,
               char **argv)
{
  int exit_code = BG_CLI_EXIT_FAILED;

  bg_cli_draw_elsewhere ("render", &exit_code);
  return exit_code;
}
