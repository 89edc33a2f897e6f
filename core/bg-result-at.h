/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-result-at.h — a result's values at any instant of its run.
 *
 * In the layout: core/, beside bg-result.h; read by the power-flow view,
 * the canvas's read-outs and their tests.
 *
 * Owns: finding the rows an instant falls between (a binary search over
 * the stored time column) and the value of a column there, linearly
 * interpolated between the two rows, as the time plot draws it. Must not:
 * derive columns (the caller brings them up with bg_result_derive first),
 * or change the result.
 */
#pragma once

#include "bg-result.h"

G_BEGIN_DECLS

/* Where t falls among the rows published now (n_rows, a snapshot): rows
 * *row and *row + 1 with weight *frac of the second (0 ≤ frac < 1; a time
 * before the first row gives row 0, after the last the last row with frac
 * 0). FALSE when the result holds no row. */
typedef struct
{
  gsize  row;
  double frac;
  gsize  n_rows;
} BgResultInstant;

gboolean bg_result_locate          (BgResult              *result,
                                    double                 t,
                                    BgResultInstant       *at);
/* The value of var at that instant: NAN when the column does not reach
 * the rows it needs (a derived column not derived that far). */
double   bg_result_value_at        (BgResult              *result,
                                    guint                  var,
                                    const BgResultInstant *at);
/* The time of the first and the last row published now; FALSE when the
 * result holds no row. */
gboolean bg_result_get_time_range  (BgResult              *result,
                                    double                *t_start,
                                    double                *t_end);

G_END_DECLS
