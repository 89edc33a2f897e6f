/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-flatten.h — a model with components as the flat graph it stands
 * for.
 *
 * In the layout: core/: the one step between the document (which keeps its
 * components) and everything that analyses, compiles, derives equations,
 * linearizes or grades, which takes flat graphs only.
 *
 * Owns: bg_model_flatten(): every instance replaced by its definition's
 * elements and bonds under path ids ("T2.C", "T2.b4"), its parameters the
 * instance's, each Port replaced by the direct connection of its inner and
 * outer bond (one bond: the outer bond's id and arrow, from the outer
 * bond's `from` to the inner bond's `to` when the outer bond is drawn into
 * the port, the other way when it is drawn out of it), and the map back
 * from the paths of bonds that went through ports to the flat bond.
 * Order: elements as in the model with each instance expanded in its
 * place; bonds inside each instance (in element order), then the model's
 * own bonds, where a bond through a port takes the place of its part
 * inside the component (the first one, through two ports) — so a
 * junction inside keeps the order of its bonds, and a component made of
 * part of a flat graph runs with the same numbers as that graph. A port with nothing connected on one side stays as a Port
 * element named by its path ("T1.IN"), which the analyzer reports.
 * Must not: change the model, or keep a pointer into it in the result.
 */
#pragma once

#include "bg-model.h"

G_BEGIN_DECLS

/* The flat graph of model: a new reference to model itself when it has no
 * components (nothing to do, same pointers), else a new model. map (may
 * be NULL) receives the map back, or NULL for a model without components.
 * NULL and a message naming the instance when an instance's parameters do
 * not hold together (bg_model_set_params' checks) or a definition joins two
 * of its ports directly. */
BgModel    *bg_model_flatten          (BgModel     *model,
                                       BgFlatMap  **map,
                                       GError     **error);

/* The flat bond a path names: itself, or the merged bond a bond through a
 * port became ("T1.b1" → "b1"); NULL if none. at_same_end: TRUE when the
 * path's bond and the flat bond run the same way (a stroke "to" on one is
 * "to" on the other). */
const char *bg_flat_map_bond          (BgFlatMap   *map,
                                       const char  *path,
                                       gboolean    *same_direction);
void        bg_flat_map_free          (BgFlatMap   *map);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgFlatMap, bg_flat_map_free)

G_END_DECLS
