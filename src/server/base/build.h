/*
 * build.h - the version of this build of quiver, for `quiver --version` and the build-info
 * metric of `quiver serve`: `git describe` of the tree it was built from (or what stands for it
 * without tags or without git: cmake/build_version.cmake says how), so that an operator can
 * tell two builds apart. Defined in a source the build writes at every build.
 */
#ifndef QUIVER_SERVER_BASE_BUILD_H
#define QUIVER_SERVER_BASE_BUILD_H

extern const char qv__build_version[];

#endif
