# The stack the functions of the server's request workers (jobs.c) really use, libraries
# included: a gdb script. The functions (CALLBACKS): an HTTP request's handler, a WebSocket's
# handshake, one of its messages and its end.
#
#   gdb -p PID -batch -x bench/stack_paint.py     (PID: a running `quiver serve`)
#
# At each entry into one of them it fills the thread's stack below the stack pointer with a
# pattern, and when the function returns it finds the lowest byte overwritten. It appends to
# stack_paint.out (in the current folder), for each function whenever its figure grows: the bytes
# used below the entry and the room there was (stack pointer to the end of the thread's stack
# mapping, from /proc/PID/maps). bench/stack_requests.py drives every kind of request; the
# figures are in docs/history/benchmarks-3.md, "The stack of a request". Slow: for measuring only.
import gdb

CALLBACKS = ["qv__http_handle", "qv__ws_upgrade", "qv__ws_message", "qv__ws_gone"]
FILL = 0xA5
inferior = gdb.selected_inferior()
most = {}


def mapping_of(address):
    for line in open("/proc/%d/maps" % inferior.pid):
        lo, hi = [int(x, 16) for x in line.split()[0].split("-")]
        if lo <= address < hi:
            return lo, hi
    return None


class Returned(gdb.FinishBreakpoint):
    def __init__(self, name, lo, sp):
        super().__init__(gdb.newest_frame(), internal=True)
        self.name, self.lo, self.sp = name, lo, sp

    def stop(self):
        mem = bytes(inferior.read_memory(self.lo, self.sp - 128 - self.lo))
        untouched = len(mem) - len(mem.lstrip(bytes([FILL])))
        used = self.sp - (self.lo + untouched)
        if used > most.get(self.name, 0):
            most[self.name] = used
            with open("stack_paint.out", "a") as out:
                out.write("%s: %d bytes used, of %d\n" % (self.name, used, self.sp - self.lo))
        return False

    def out_of_scope(self):
        pass


class Entered(gdb.Breakpoint):
    def stop(self):
        sp = int(gdb.parse_and_eval("$sp"))
        lo, _ = mapping_of(sp)
        # below the 128-byte red zone, which the function's caller may still use
        inferior.write_memory(lo, bytes([FILL]) * (sp - 128 - lo))
        Returned(self.location, lo, sp)
        return False


for name in CALLBACKS:
    Entered(name)
gdb.execute("continue")
