/*
 * _state.c - the hot methods of quiver.State written against CPython's C API: the calls a
 * random playout, a search or a learning loop makes at every step (whose turn, the legal
 * ids, the chance outcomes, apply), each a C method that calls the spiel API
 * (include/quiver/spiel.h) and builds its answer with no Python frame in between. Through
 * cffi alone each of these costs a Python method's frame and cffi's conversions, which made a
 * step from Python cost ten times an Arrow Party step in C (docs/benchmarks.md, "The spiel API
 * from C and from Python"). quiver.State (state.py) is a subclass that adds everything else
 * through cffi.
 *
 * information_state_string checks its seat in state.py and asks _information_state_string
 * here, which makes the text a str without a bytes in between; the tensors are written here
 * into the float32 array state.py made (_information_state_tensor, _observation_tensor),
 * as a learner asks for one at every step.
 *
 * A StateCore holds the C state's address and the cffi object that owns it (which frees it),
 * so the state lives exactly as long as the Python object.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "quiver/spiel.h"

/* quiver.QuiverError, given by quiver.state when it imports this module. */
static PyObject *quiver_error;

typedef struct {
	PyObject_HEAD qv_spiel_state *st;
	PyObject *owner; /* the cffi pointer that frees st */
	int max_legal, nplayers;
} StateCore;

/* A buffer of ids and probabilities per thread, as large as the largest game asked. */
static _Thread_local int32_t *ids_buf;
static _Thread_local double *probs_buf;
static _Thread_local int buf_cap;

static int room(int n)
{
	if (n <= buf_cap)
		return 0;
	int32_t *ids = realloc(ids_buf, sizeof *ids * (size_t)n);
	if (ids)
		ids_buf = ids;
	double *probs = ids ? realloc(probs_buf, sizeof *probs * (size_t)n) : NULL;
	if (probs)
		probs_buf = probs;
	if (!ids || !probs) {
		PyErr_NoMemory();
		return -1;
	}
	buf_cap = n;
	return 0;
}

static PyObject *fail(const qv_err *err)
{
	PyErr_SetString(quiver_error ? quiver_error : PyExc_ValueError, err->msg);
	return NULL;
}

static int core_init(StateCore *self, PyObject *args, PyObject *kw)
{
	unsigned long long addr;
	PyObject *owner;
	int max_legal, nplayers;
	static char *names[] = {"address", "owner", "max_legal", "nplayers", NULL};
	if (!PyArg_ParseTupleAndKeywords(args, kw, "KOii", names, &addr, &owner, &max_legal,
	                                 &nplayers))
		return -1;
	Py_INCREF(owner);
	Py_XSETREF(self->owner, owner);
	self->st = (qv_spiel_state *)(uintptr_t)addr;
	self->max_legal = max_legal;
	self->nplayers = nplayers;
	return 0;
}

static void core_dealloc(StateCore *self)
{
	Py_XDECREF(self->owner);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static int ready(const StateCore *self)
{
	if (self->st)
		return 0;
	PyErr_SetString(PyExc_RuntimeError, "quiver: a state used before it was made");
	return -1;
}

static PyObject *current_player(StateCore *self, PyObject *unused)
{
	(void)unused;
	if (ready(self))
		return NULL;
	return PyLong_FromLong(qv_spiel_current_player(self->st));
}

static PyObject *is_terminal(StateCore *self, PyObject *unused)
{
	(void)unused;
	if (ready(self))
		return NULL;
	return PyBool_FromLong(qv_spiel_current_player(self->st) == QV_SPIEL_TERMINAL);
}

static PyObject *is_chance_node(StateCore *self, PyObject *unused)
{
	(void)unused;
	if (ready(self))
		return NULL;
	return PyBool_FromLong(qv_spiel_current_player(self->st) == QV_SPIEL_CHANCE);
}

static PyObject *is_player_node(StateCore *self, PyObject *unused)
{
	(void)unused;
	if (ready(self))
		return NULL;
	return PyBool_FromLong(qv_spiel_current_player(self->st) >= 0);
}

static PyObject *move_number(StateCore *self, PyObject *unused)
{
	(void)unused;
	if (ready(self))
		return NULL;
	return PyLong_FromLong(qv_spiel_move_number(self->st));
}

/* legal_actions(player=None): the seat to move's ids (or the chance outcomes'), ascending;
 * [] for another player. */
static PyObject *legal_actions(StateCore *self, PyObject *const *args, Py_ssize_t nargs)
{
	if (ready(self) || room(self->max_legal))
		return NULL;
	if (nargs > 1)
		return PyErr_Format(PyExc_TypeError, "legal_actions takes at most one player");
	if (nargs == 1 && args[0] != Py_None) {
		long p = PyLong_AsLong(args[0]);
		if (p == -1 && PyErr_Occurred())
			return NULL;
		if (p != qv_spiel_current_player(self->st))
			return PyList_New(0);
	}
	qv_err err = {{0}};
	int n = qv_spiel_legal_actions(self->st, ids_buf, self->max_legal, &err);
	if (n < 0)
		return fail(&err);
	PyObject *list = PyList_New(n);
	for (int i = 0; list && i < n; i++) {
		PyObject *v = PyLong_FromLong(ids_buf[i]);
		if (!v) {
			Py_DECREF(list);
			return NULL;
		}
		PyList_SET_ITEM(list, i, v);
	}
	return list;
}

static PyObject *chance_outcomes(StateCore *self, PyObject *unused)
{
	(void)unused;
	if (ready(self) || room(self->max_legal))
		return NULL;
	int n = qv_spiel_chance_outcomes(self->st, ids_buf, probs_buf, self->max_legal);
	PyObject *list = PyList_New(n);
	for (int i = 0; list && i < n; i++) {
		PyObject *t = Py_BuildValue("(id)", (int)ids_buf[i], probs_buf[i]);
		if (!t) {
			Py_DECREF(list);
			return NULL;
		}
		PyList_SET_ITEM(list, i, t);
	}
	return list;
}

/* An id from a Python integer (numpy's too), refused with quiver's error otherwise. */
static int id_of(PyObject *o, int32_t *out)
{
	if (!PyIndex_Check(o) || PyBool_Check(o)) {
		PyErr_Format(quiver_error ? quiver_error : PyExc_ValueError,
		             "an action is an integer id, not %R", o);
		return -1;
	}
	PyObject *i = PyNumber_Index(o);
	if (!i)
		return -1;
	int overflow = 0;
	long long v = PyLong_AsLongLongAndOverflow(i, &overflow);
	Py_DECREF(i);
	if (overflow || v < INT32_MIN || v > INT32_MAX) {
		PyErr_Format(quiver_error ? quiver_error : PyExc_ValueError,
		             "action id %R is out of range", o);
		return -1;
	}
	*out = (int32_t)v;
	return 0;
}

static PyObject *apply_action(StateCore *self, PyObject *action)
{
	int32_t id;
	if (ready(self) || id_of(action, &id))
		return NULL;
	qv_err err = {{0}};
	if (qv_spiel_apply(self->st, id, &err) != QV_OK)
		return fail(&err);
	Py_RETURN_NONE;
}

static PyObject *apply_chance_sample(StateCore *self, PyObject *u)
{
	double x = PyFloat_AsDouble(u);
	if (ready(self) || (x == -1.0 && PyErr_Occurred()))
		return NULL;
	qv_err err = {{0}};
	int32_t id = qv_spiel_apply_chance(self->st, x, &err);
	if (id < 0)
		return fail(&err);
	return PyLong_FromLong(id);
}

static PyObject *returns(StateCore *self, PyObject *unused)
{
	(void)unused;
	if (ready(self))
		return NULL;
	double out[32];
	qv_spiel_returns(self->st, out);
	PyObject *list = PyList_New(self->nplayers);
	for (int i = 0; list && i < self->nplayers; i++) {
		PyObject *v = PyFloat_FromDouble(out[i]);
		if (!v) {
			Py_DECREF(list);
			return NULL;
		}
		PyList_SET_ITEM(list, i, v);
	}
	return list;
}

/* _information_state_string(player): seat player's information state (a seat the caller
 * checked, state.py's information_state_string), the text made a str at once: a CFR or an
 * IS-MCTS asks it at every decision, and through cffi it was copied into a bytes first. */
static PyObject *information_state_string(StateCore *self, PyObject *player)
{
	if (ready(self))
		return NULL;
	long p = PyLong_AsLong(player);
	if (p == -1 && PyErr_Occurred())
		return NULL;
	char *text = qv_spiel_information_state_string(self->st, (int)p);
	if (!text) {
		PyErr_SetString(PyExc_MemoryError, "quiver: no memory for an information state");
		return NULL;
	}
	PyObject *s = PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), NULL);
	qv_spiel_free(text);
	return s;
}

/* Seat `player` (None: the seat to move) as a seat of the state into *p; -1 with quiver's error
 * for anything else, in state.py's words. */
static int seat_of(const StateCore *self, PyObject *player, int *p)
{
	long v = player == Py_None ? qv_spiel_current_player(self->st) : -1;
	if (player != Py_None && PyIndex_Check(player) && !PyBool_Check(player)) {
		PyObject *i = PyNumber_Index(player);
		v = i ? PyLong_AsLong(i) : -1;
		Py_XDECREF(i);
		if (v == -1 && PyErr_Occurred())
			PyErr_Clear();
	}
	if (v < 0 || v >= self->nplayers) {
		PyErr_Format(quiver_error ? quiver_error : PyExc_ValueError,
		             "player %R is no seat: this game has seats 0 to %d", player,
		             self->nplayers - 1);
		return -1;
	}
	*p = (int)v;
	return 0;
}

typedef qv_status (*tensor_fn)(const qv_spiel_state *, int, float *, qv_err *);

/* A tensor of seat `player` written by fn into `out`, a writable float32 buffer of the
 * tensor's size (state.py's numpy array): the call a learner makes at every step, with no
 * cffi conversion in between. */
static PyObject *tensor_into(StateCore *self, PyObject *const *args, Py_ssize_t nargs, tensor_fn fn)
{
	int p;
	if (ready(self))
		return NULL;
	if (nargs != 2)
		return PyErr_Format(PyExc_TypeError, "a tensor takes a player and an array");
	if (seat_of(self, args[0], &p))
		return NULL;
	Py_buffer view;
	if (PyObject_GetBuffer(args[1], &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
		return NULL;
	qv_err err = {{0}};
	qv_status rc = fn(self->st, p, view.buf, &err);
	PyBuffer_Release(&view);
	if (rc != QV_OK)
		return fail(&err);
	Py_RETURN_NONE;
}

static PyObject *information_state_tensor(StateCore *self, PyObject *const *args, Py_ssize_t nargs)
{
	return tensor_into(self, args, nargs, qv_spiel_information_state_tensor);
}

static PyObject *observation_tensor(StateCore *self, PyObject *const *args, Py_ssize_t nargs)
{
	return tensor_into(self, args, nargs, qv_spiel_observation_tensor);
}

static PyMethodDef core_methods[] = {
    {"current_player", (PyCFunction)current_player, METH_NOARGS,
     "A seat 0..n-1, CHANCE_PLAYER_ID (-1) or TERMINAL_PLAYER_ID (-4)."},
    {"is_terminal", (PyCFunction)is_terminal, METH_NOARGS, NULL},
    {"is_chance_node", (PyCFunction)is_chance_node, METH_NOARGS, NULL},
    {"is_player_node", (PyCFunction)is_player_node, METH_NOARGS, NULL},
    {"move_number", (PyCFunction)move_number, METH_NOARGS, NULL},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_actions, METH_FASTCALL,
     "The legal ids, ascending: the seat to move's, or the chance outcomes' at a chance "
     "node; [] for another player or at the end."},
    {"chance_outcomes", (PyCFunction)chance_outcomes, METH_NOARGS,
     "[(id, probability)] at a chance node, ids ascending, exact probabilities summing to 1; "
     "[] elsewhere."},
    {"apply_action", (PyCFunction)apply_action, METH_O,
     "Applies a legal id (or chance outcome); an illegal one raises QuiverError."},
    {"apply_chance_sample", (PyCFunction)apply_chance_sample, METH_O,
     "At a chance node, applies the outcome drawn by the uniform u in [0, 1) (the one whose "
     "cumulative probability first passes u, in chance_outcomes' order) and returns its id."},
    {"returns", (PyCFunction)returns, METH_NOARGS,
     "Each seat's return: 0 before the end, then in [-1, 1], summing to 0."},
    {"_information_state_string", (PyCFunction)information_state_string, METH_O,
     "Seat player's information state string (information_state_string checks the seat)."},
    {"_information_state_tensor", (PyCFunction)(void (*)(void))information_state_tensor,
     METH_FASTCALL,
     "Seat player's (None: the seat to move's) information state tensor into a "
     "float32 array of its size."},
    {"_observation_tensor", (PyCFunction)(void (*)(void))observation_tensor, METH_FASTCALL,
     "Seat player's (None: the seat to move's) observation tensor into a float32 array of its "
     "size."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject core_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "quiver._state.StateCore",
    .tp_basicsize = sizeof(StateCore),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "The hot methods of quiver.State (its base).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)core_init,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
};

static PyObject *set_error(PyObject *mod, PyObject *type)
{
	(void)mod;
	Py_INCREF(type);
	Py_XSETREF(quiver_error, type);
	Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"set_error", set_error, METH_O, "The exception raised for refused input."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "quiver._state",
    "The hot methods of quiver.State in C (quiver/_state.c).",
    -1,
    module_methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__state(void)
{
	if (PyType_Ready(&core_type) < 0)
		return NULL;
	PyObject *m = PyModule_Create(&module);
	if (!m)
		return NULL;
	Py_INCREF(&core_type);
	if (PyModule_AddObject(m, "StateCore", (PyObject *)&core_type) < 0) {
		Py_DECREF(&core_type);
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
