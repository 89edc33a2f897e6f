/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-bode.h — the frequency response of one input to one output of a
 * linearization: G(jω) = C (jωI − A)⁻¹ B + D.
 *
 * Owns: a log-spaced frequency grid; A balanced and reduced to Hessenberg
 * form once (O(n³), skipped when A already is: a chain of storages in
 * model order; BgBodeForm, which bg-pole-bounds.c reads too), then one
 * O(n²) solve per frequency; magnitude in dB and
 * phase in degrees (unwrapped along the grid and starting in (−180°,
 * 180°]); and the estimate of the time it takes. Must not: touch a model
 * or GTK.
 */
#pragma once

#include <glib.h>
#include "bg-linearize.h"

G_BEGIN_DECLS

#define BG_BODE_ERROR (bg_bode_error_quark ())
GQuark bg_bode_error_quark (void);

typedef enum
{
  BG_BODE_ERROR_RANGE = 1,   /* the frequencies or the point count are out of range */
  BG_BODE_ERROR_SINGULAR,    /* jω is an eigenvalue of A at some grid frequency */
  BG_BODE_ERROR_LAPACK,      /* the reduction failed */
} BgBodeError;

#define BG_BODE_DEFAULT_POINTS 200
#define BG_BODE_MAX_POINTS 100000

typedef struct
{
  guint   n;
  double *f;          /* Hz, increasing */
  double *mag_db;     /* 20 log10 |G| (−inf where G = 0) */
  double *phase_deg;
  char   *input;      /* the input's id, the output's name and unit */
  char   *output;
  char   *output_unit;
} BgBode;

/* A balanced and reduced to upper Hessenberg form, D⁻¹ A D = Q H Qᵀ, with
 * one input's column of B and one output's row of C carried along: the
 * O(n³) part of the response, done once. */
typedef struct _BgBodeForm BgBodeForm;

/* input, output: indices into the linearization's inputs and outputs. */
BgBodeForm   *bg_bode_form_new    (const BgLinearization *lin,
                                   guint                  input,
                                   guint                  output,
                                   GError               **error);
guint         bg_bode_form_get_n_states (const BgBodeForm *form);
/* H: n × n, row-major, zero below the subdiagonal; similar to A (the same
 * eigenvalues). */
const double *bg_bode_form_get_hessenberg (const BgBodeForm *form);
void          bg_bode_form_free   (BgBodeForm            *form);

typedef void (*BgBodeProgressFunc) (guint    done,
                                    guint    total,
                                    gpointer user_data);

/* The response on the grid from a form; progress (may be NULL) is called
 * before each frequency, from this thread. The same ranges as
 * bg_bode_compute. */
BgBode  *bg_bode_form_compute (BgBodeForm            *form,
                               double                 f_from,
                               double                 f_to,
                               guint                  n_points,
                               BgBodeProgressFunc     progress,
                               gpointer               user_data,
                               GError               **error);

/* input, output: indices into the linearization's inputs and outputs;
 * 0 < f_from < f_to, 2 ≤ n_points ≤ BG_BODE_MAX_POINTS. */
BgBode  *bg_bode_compute (const BgLinearization *lin,
                          guint                  input,
                          guint                  output,
                          double                 f_from,
                          double                 f_to,
                          guint                  n_points,
                          GError               **error);
/* The same, calling progress before each frequency (from this thread). */
BgBode  *bg_bode_compute_with_progress (const BgLinearization *lin,
                                        guint                  input,
                                        guint                  output,
                                        double                 f_from,
                                        double                 f_to,
                                        guint                  n_points,
                                        BgBodeProgressFunc     progress,
                                        gpointer               user_data,
                                        GError               **error);
/* Seconds bg_bode_compute takes for n_points frequencies, from the
 * measured speed of the reduction and of one solve (tests/bench/bench-bode.c
 * on the reference machine); the linearization is not included. */
double   bg_bode_estimate_seconds (const BgLinearization *lin,
                                   guint                  n_points);
/* The largest i − j with A[i][j] ≠ 0 (row-major n × n): 1 or less for an
 * upper Hessenberg matrix. */
guint    bg_bode_lower_bandwidth  (const double          *a,
                                   guint                  n);
void     bg_bode_free    (BgBode                *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgBode, bg_bode_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgBodeForm, bg_bode_form_free)

G_END_DECLS
