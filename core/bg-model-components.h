/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-components.h — turning part of a graph into a component and
 * an instance back into its graph (docs/file-format.md, Components).
 *
 * In the layout: core/: edits of the document (BgModel), each one undoable
 * step; the canvas's Make Component… and Explode call them.
 *
 * Owns: bg_model_make_component() and bg_model_explode_instance(). Both
 * keep the flattened graph (bg-model-flatten.h) what it was: the same
 * elements with the same parameters, the same bonds with their ids at the
 * level, their directions and arrows, so the same strokes and the same
 * run. Must not: know about selections or views.
 */
#pragma once

#include "bg-model.h"

G_BEGIN_DECLS

/* One undoable step: the elements named in ids (bond ids are skipped: a
 * bond between two of the elements goes inside) become the body of a new
 * definition called name, and one instance of it (returned, valid until
 * the next edit) takes their place: in the element order where the first
 * of them was, at their middle. Every bond between one of them and the
 * rest becomes a Port inside (named after the bond: "b3" → "B3", made
 * unique) and a bond outside to that port of the instance with the bond's
 * id, direction, arrow and exercise stroke; inside, the bond keeps its id
 * and runs out of the Port when the bond ran in from outside, into it
 * when it ran out. self may be the model or a body in it (the definition
 * joins the model's; group the two when that is one step for the user).
 * Refused, nothing changed, for a bad name (bg_model_check_component_name),
 * no elements, a Port among them, or none of them bonded to the rest. */
BgElement *bg_model_make_component   (BgModel           *self,
                                      const char *const *ids,
                                      const char        *name,
                                      GError           **error);

/* One undoable step: the instance id is replaced by copies of its
 * definition's elements with the instance's values, named "ID_INNER"
 * (made unique; a name that would be too long takes a fresh id), placed
 * around where the instance was, in its place in the element order; its
 * bonds come first in the bond list, in their order inside: a bond inside
 * under "ID_BOND", and for a port its bond inside and the bond outside
 * joined into one with the outer bond's id, arrow and stroke, from the
 * outer bond's far end to the inner bond's inner end (or the other way,
 * as the outer bond ran). A port bonded on one side only loses that bond. In the model itself (not a
 * body) a definition no longer used goes with it. Refused for an element
 * that is not an instance, or a definition joining two ports directly. */
gboolean   bg_model_explode_instance (BgModel           *self,
                                      const char        *id,
                                      GError           **error);

G_END_DECLS
