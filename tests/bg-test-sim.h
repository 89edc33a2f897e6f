/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-sim.h — building and running small models in numerical tests.
 *
 * Owns: two text shorthands for models ("TYPE DOMAIN ID name=value ...",
 * bonds "ID FROM TO [reversed]"; and "TYPE:ID", bonds "FROM>TO"), the RC
 * circuit several programs share, running analysis + compile + CVODE
 * (on the flat graph of a model with components),
 * reading results and comparing them with a closed form, and loading an
 * example by name. Must not: depend on GTK or hide a failure (every
 * refusal aborts the test with its message).
 */
#pragma once

#include <glib.h>
#include "bg-model.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-simulator.h"

G_BEGIN_DECLS

typedef struct
{
  BgPlan      *plan;
  BgResult    *result;
  BgSimReport  report;
  BgSimStatus  status;
  BgModel     *flat;   /* the graph that ran: the model itself without components */
  BgEnergy    *energy; /* bg_test_simulate_energy() only */
} BgTestSim;

/* The library's types as an enum, so a test can switch on what an element
 * is (the product reads kinds through their specs, never by switching). */
typedef enum
{
  BG_TEST_KIND_JUNCTION_0,
  BG_TEST_KIND_JUNCTION_1,
  BG_TEST_KIND_R,
  BG_TEST_KIND_C,
  BG_TEST_KIND_I,
  BG_TEST_KIND_SE,
  BG_TEST_KIND_SF,
  BG_TEST_KIND_TF,
  BG_TEST_KIND_CYLINDER_DA,
  BG_TEST_KIND_MECHANICAL_LOAD,
  BG_TEST_KIND_PUMP_CURVE,
  BG_TEST_KIND_GAS_ACCUMULATOR,
  BG_TEST_KIND_GY,
  BG_TEST_KIND_DC_MOTOR,
  BG_TEST_KIND_OTHER,
} BgTestKind;

BgTestKind bg_test_kind (const BgComponentSpec *spec);

/* An example model from BGMOD_DATADIR (else the source tree's data/),
 * loaded or the test aborts. */
BgModel *bg_test_load_example (const char *name);

/* A value that is not a number sets a choice (waveform=sine). DOMAIN "-"
 * for advanced components. */
BgModel *bg_test_build_model (const char *const *elements,
                              const char *const *bonds);
/* The causality tests' shorthand: "TYPE:ID" words (ID may end in
 * "@domain" to override the default domain) and "FROM>TO" bond words
 * (FROM and TO may name a port, "T1.S"), space-separated; bonds are named
 * b1, b2, ...; elements sit 10 units apart on a row. */
BgModel *bg_test_build_from_words (const char *domain,
                                   const char *elements,
                                   const char *bonds);
void     bg_test_set_sim     (BgModel *model, double t_end, double step);
/* Sets a table parameter from n_rows (x, y) pairs. */
void     bg_test_set_table   (BgModel *model, const char *id, const char *name,
                              const double *xy, guint n_rows);
void     bg_test_simulate    (BgModel *model, BgTestSim *sim);
/* The same, compiled with energy accounts, and the run's ledger in
 * sim->energy. */
void     bg_test_simulate_energy (BgModel *model, BgTestSim *sim);
void     bg_test_sim_clear   (BgTestSim *sim);
double   bg_test_value       (BgTestSim *sim, const char *name, gsize row);
gsize    bg_test_n_rows      (BgTestSim *sim);
/* The first row at time t (to 1e-9 s); aborts if there is none. */
gsize    bg_test_row_at      (BgTestSim *sim, double t);

/* A closed-form solution f(t); bg_test_max_error is the largest
 * |name(t) - f(t)| over the rows. */
typedef double (*BgTestClosedForm) (double t, gpointer data);
double   bg_test_max_error   (BgTestSim *sim, const char *name, BgTestClosedForm f,
                              gpointer data);

/* The RC charging circuit: U = 10 V (Se) through R1 = 1 kΩ into
 * C1 = 1 mF on one 1-junction J (RC = 1 s); bonds b1 U→J, b2 J→R1,
 * b3 J→C1. */
BgModel *bg_test_build_rc    (void);

G_END_DECLS
