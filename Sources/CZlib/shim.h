// zlib, the system's: recordings are shipped gzip-compressed and touchlog reads them as they are.
#include <zlib.h>
