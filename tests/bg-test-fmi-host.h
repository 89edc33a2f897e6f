/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-fmi-host.h — a small FMI importer for the tests: it unpacks an
 * FMU, reads its modelDescription.xml with libxml2, loads the binary with
 * dlopen and runs it as Model Exchange (integrated here with CVODE, time
 * events and end stops handled as an importer must) or as Co-Simulation
 * (the FMU's own stepping), for FMI 3.0 or 2.0.
 *
 * Owns: the unpacked folder (removed by bg_test_fmu_free), the library
 * handle, the variables' value references, the logger (messages kept for
 * the tests to read). Must not: use anything of the FMU but its files and
 * the standard's functions.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BgTestFmu BgTestFmu;

typedef enum
{
  BG_TEST_ME,
  BG_TEST_CS,
} BgTestInterface;

/* The FMU at path, unpacked into a new temporary folder; NULL and a
 * message when it cannot be read or loaded. */
BgTestFmu  *bg_test_fmu_open       (const char *path,
                                    GError    **error);
void        bg_test_fmu_free       (BgTestFmu  *fmu);
int         bg_test_fmu_version    (BgTestFmu  *fmu);
const char *bg_test_fmu_dir        (BgTestFmu  *fmu);
/* The value reference of a variable, or -1. */
gint64      bg_test_fmu_vr         (BgTestFmu  *fmu,
                                    const char *name);
/* The DefaultExperiment's stop time and step size. */
void        bg_test_fmu_experiment (BgTestFmu  *fmu,
                                    double     *stop_time,
                                    double     *step_size);
/* The names of the states and outputs (the variables a run compares),
 * NULL-terminated, owned by the FMU. */
const char *const *bg_test_fmu_compared (BgTestFmu *fmu);

/* One run: rows at 0, h, 2h, … t_end (and one at an end stop). */
typedef struct
{
  guint    n_vars;
  char   **names;      /* n_vars + NULL */
  GArray  *t;          /* doubles */
  GArray  *values;     /* n_vars doubles per row */
  gboolean terminated; /* an end stop ended the run */
  double   t_stop;     /* the time it ended at */
} BgTestRun;

void        bg_test_run_free       (BgTestRun  *run);
double      bg_test_run_value      (const BgTestRun *run,
                                    guint       row,
                                    const char *name);

/* An instance of the FMU. */
typedef struct _BgTestInstance BgTestInstance;

BgTestInstance *bg_test_instance_new  (BgTestFmu      *fmu,
                                       BgTestInterface iface,
                                       const char     *name,
                                       GError        **error);
void        bg_test_instance_free   (BgTestInstance *inst);
/* Sets a variable (a parameter before the run, an input any time). */
gboolean    bg_test_instance_set    (BgTestInstance *inst,
                                     const char     *name,
                                     double          value);
gboolean    bg_test_instance_get    (BgTestInstance *inst,
                                     const char     *name,
                                     double         *value);
/* Initialization up to t_end (the first step of a run). */
gboolean    bg_test_instance_start  (BgTestInstance *inst,
                                     double          t_end,
                                     GError        **error);
/* Advances to t (ME: integrates with CVODE, handling events; CS: one
 * DoStep). FALSE with a message on an error status; *terminated when an
 * end stop ended the run (then the time reached is *t_reached). */
gboolean    bg_test_instance_advance (BgTestInstance *inst,
                                      double          t,
                                      gboolean       *terminated,
                                      double         *t_reached,
                                      GError        **error);
gboolean    bg_test_instance_reset  (BgTestInstance *inst);
/* The messages the logger received, one per line. */
const char *bg_test_instance_log    (BgTestInstance *inst);

/* A whole run: start, advance by h to t_end, the compared variables (or
 * names) in every row. */
BgTestRun  *bg_test_instance_run    (BgTestInstance *inst,
                                     double          t_end,
                                     double          h,
                                     const char *const *names,
                                     GError        **error);

G_END_DECLS
