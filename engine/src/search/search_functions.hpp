// The compiled searches a Solver dispatches to through Solver::SearchFunction, declared for the
// engine's own sources: jump point search online (`jps`; diagonal walks along the diagonal lines or
// cell by cell, as the map's JumpPointGrid chose) and over the JPS+ table (`jps+`), all in
// jump_point_search.cpp. (A*'s instantiations are templates in astar.hpp.) Internal, never installed;
// kept apart from jump_point_search.hpp so that the solver and the searches do not include each other.
#pragma once

#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

class Solver;
class SearchState;
struct Endpoints;

void jump_point_search_online_lines(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                    Result& result);
void jump_point_search_online_cells(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                    Result& result);
void jump_point_search_table(const Solver& solver, SearchState& state, const Endpoints& endpoints, Result& result);
/// JPS+ that follows a move only when the goal lies in its goal bounds' box.
void jump_point_search_table_bounded(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                     Result& result);

// The same searches finding their nodes through a hash table (best_first::HashedNodeArrays), for
// grids where best_first::NodeTable::hashes_nodes holds.
void jump_point_search_online_lines_hashed(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                           Result& result);
void jump_point_search_online_cells_hashed(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                           Result& result);
void jump_point_search_table_hashed(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                    Result& result);
void jump_point_search_table_bounded_hashed(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                            Result& result);

}  // namespace swarmpath::search
