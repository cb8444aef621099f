# What `cmake --install` and the Debian package (cpack -G DEB) put where. The referee finds
# the variants in <prefix>/share/minichess-referee/variants and the in-tree engines in
# <prefix>/lib/minichess-referee (kept out of PATH: their names are the referee's business).
include(GNUInstallDirs)

install(TARGETS referee RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
foreach(engine random-engine alphabeta-engine lousy-engine)
  if(TARGET ${engine})
    install(TARGETS ${engine} RUNTIME DESTINATION lib/minichess-referee)
  endif()
endforeach()
install(DIRECTORY "${PROJECT_SOURCE_DIR}/variants/" DESTINATION share/minichess-referee/variants
        FILES_MATCHING PATTERN "*.yaml" PATTERN "README.md")
install(FILES "${PROJECT_SOURCE_DIR}/completions/referee.bash"
        DESTINATION share/bash-completion/completions RENAME referee)
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_PACKAGE_NAME minichess-referee)
set(CPACK_PACKAGE_CONTACT "minichess-referee developers <referee@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Referee, tournament manager and rules checker for small chess variants")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "fairy-stockfish, bubblewrap")
include(CPack)
