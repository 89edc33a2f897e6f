/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-cli-phases.h — where the time of `bgmod-cli simulate` goes.
 *
 * Owns: the phases of file → CSV as bgmod-cli goes through them (read the
 * text, parse it, build the model, analyse, compile, free the model, integrate,
 * write the CSV), run once in a fresh process (bench-cli --phases), with
 * the CPU time and the page faults of each, and reading that process's
 * line back. Must not: assert anything.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  BENCH_PHASE_READ,       /* the file's bytes */
  BENCH_PHASE_PARSE,      /* the JSON reader alone over them */
  BENCH_PHASE_BUILD,      /* the model from the entries: load − read − parse */
  BENCH_PHASE_ANALYZE,
  BENCH_PHASE_COMPILE,
  BENCH_PHASE_FREE,       /* the model and its analysis, before the run */
  BENCH_PHASE_INTEGRATE,
  BENCH_PHASE_WRITE,      /* the CSV of the stored variable */
  BENCH_N_PHASES
} BenchPhase;

typedef struct
{
  double cpu[BENCH_N_PHASES];     /* s, user + system */
  double faults[BENCH_N_PHASES];  /* minor page faults */
} BenchPhases;

extern const char *const bench_phase_names[BENCH_N_PHASES];

/* The child's side: runs the phases on model_path (the loads in two
 * processes' worth of steps: "text" reads and parses only, "model" does
 * everything else) storing var, writes the CSV to csv_path and prints one
 * line of figures on standard output. Returns the exit status. */
int      bench_cli_phases_run   (const char *mode,
                                 const char *model_path,
                                 const char *var,
                                 const char *csv_path);

/* Adds the figures of a child's line to phases (the phases it ran). */
gboolean bench_cli_phases_parse (const char  *line,
                                 BenchPhases *phases);

G_END_DECLS
